import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { formatCep, onlyDigits, UFS } from '../../../../../shared/br'
import type { CepLookup, ShippingQuoteDto } from '../../../../../shared/checkout'
import { type ShippingFields, shippingErrors } from '../../../../../shared/ordering-rules'
import { Button } from '../../../../ui/button'
import { Spinner } from '../../../../ui/feedback'
import { Input, Select } from '../../../../ui/field'
import { validateAddress } from '../api/validate-address'
import { CEP_UNAVAILABLE, useCepAutofill } from '../hooks/use-cep-autofill'
import { useFieldForm } from '../hooks/use-field-form'
import { useFocusFirstInvalid } from '../hooks/use-focus-first-invalid'
import { useReportChanges } from '../hooks/use-report-changes'
import { useShippingQuotes } from '../hooks/use-shipping-quotes'
import { ShippingOptions } from './shipping-options'
import { EMPTY_SHIPPING, type ShippingValues } from './shipping-values'

export { EMPTY_SHIPPING, type ShippingValues }

export interface ShippingChoice {
  values: ShippingValues
  option: ShippingQuoteDto | undefined
}

/**
 * Step 2 (physical): CEP with auto-fill, the address, and the shipping options quoted by the server for that CEP.
 * On submit the shared rules run, then the server's address check (its message lands on the address field; if the
 * check itself fails, the buyer goes on). `afterOptions` (the bumps set to 'Após o frete') follows the options.
 */
export function ShippingStep({
  storeId,
  product,
  initial,
  onOptionChange,
  onChange,
  onBack,
  onNext,
  afterOptions,
}: {
  storeId: string
  product: { id: string; price: number }
  initial: ShippingChoice
  onOptionChange: (option: ShippingQuoteDto | undefined) => void
  /** Every edit, so the page can keep the address across a reload. */
  onChange?: (values: ShippingValues) => void
  onBack: (choice: ShippingChoice) => void
  onNext: (choice: ShippingChoice) => void
  afterOptions?: ReactNode
}) {
  const form = useFieldForm<keyof ShippingFields>(initial.values, shippingErrors)
  const { values, errors, set, fill, bind } = form
  const [checking, setChecking] = useState(false)
  const ref = useRef<HTMLFormElement>(null)
  const focusFirstInvalid = useFocusFirstInvalid(ref)
  useReportChanges(values, onChange)
  const quotes = useShippingQuotes(storeId, product, values.zipCode)
  const selected =
    quotes.options.find((o) => o.id === values.method) ??
    (values.method === initial.option?.id ? initial.option : undefined)

  const onFound = useCallback(
    (a: CepLookup) =>
      fill({
        ...(a.address ? { address: a.address } : {}),
        ...(a.neighborhood ? { neighborhood: a.neighborhood } : {}),
        ...(a.city ? { city: a.city } : {}),
        ...(a.state ? { state: a.state } : {}),
      }),
    [fill],
  )
  const cep = useCepAutofill(values.zipCode, onFound, initial.values.address ? initial.values.zipCode : '')
  // With the lookup down the buyer types the address: the cursor goes to the first field still empty.
  const unavailable = cep.state === 'unavailable'
  useEffect(() => {
    if (!unavailable) return
    const form = ref.current
    for (const name of ['address', 'number', 'city', 'state'] as const) {
      const field = form?.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)
      if (field && !field.value) {
        field.focus()
        return
      }
    }
  }, [unavailable])

  function choose(option: ShippingQuoteDto) {
    set('method', option.id)
    onOptionChange(option)
  }

  function changeZip(raw: string) {
    set('zipCode', formatCep(raw))
    if (values.method) {
      set('method', '')
      onOptionChange(undefined)
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!form.validate()) {
      focusFirstInvalid()
      return
    }
    setChecking(true)
    try {
      const answer = await validateAddress({
        address: values.address,
        number: values.number,
        city: values.city,
        state: values.state,
        zipCode: onlyDigits(values.zipCode),
      })
      if (!answer.valid) {
        // The message goes under the field it is about (a CEP/UF mismatch under Estado).
        const field = (answer.field && answer.field in values ? answer.field : 'address') as keyof ShippingFields
        form.setError(field, answer.message || 'Endereço inválido')
        focusFirstInvalid()
        return
      }
    } catch (err) {
      // The address check is advisory: when the call itself fails the buyer is not blocked.
      console.warn('address validation failed', err)
    } finally {
      setChecking(false)
    }
    onNext({ values, option: selected })
  }

  const zipError = errors.zipCode ?? (cep.state === 'error' ? cep.message : undefined)
  return (
    <form ref={ref} className="ck-card ck-step" onSubmit={submit} noValidate>
      <h2 className="ck-card-title">Endereço de entrega</h2>
      <Input
        label="CEP"
        name="zipCode"
        inputMode="numeric"
        autoComplete="postal-code"
        placeholder="00000-000"
        value={values.zipCode}
        error={zipError}
        hint={
          cep.state === 'loading' ? (
            <span className="ck-inline">
              <Spinner size="sm" /> Buscando endereço...
            </span>
          ) : cep.state === 'found' ? (
            <span className="ck-ok">✓ Endereço encontrado</span>
          ) : cep.state === 'unavailable' ? (
            <span className="ck-cep-manual" role="status" data-testid="cep-unavailable">
              {CEP_UNAVAILABLE}
            </span>
          ) : undefined
        }
        onChange={(e) => changeZip(e.target.value)}
      />
      <Input label="Endereço" autoComplete="address-line1" {...bind('address')} />
      <div className="ck-row">
        <Input label="Número" fieldClassName="ck-col-number" {...bind('number')} />
        <Input label="Complemento (opcional)" autoComplete="address-line2" {...bind('complement')} />
      </div>
      <Input label="Bairro (opcional)" {...bind('neighborhood')} />
      <div className="ck-row">
        <Input label="Cidade" autoComplete="address-level2" {...bind('city')} />
        <Select label="Estado" fieldClassName="ck-col-state" {...bind('state')}>
          <option value="">UF</option>
          {UFS.map((s) => (
            <option key={s.uf} value={s.uf} title={s.name}>
              {s.uf}
            </option>
          ))}
        </Select>
      </div>

      <ShippingOptions
        options={quotes.options}
        loading={quotes.loading}
        message={quotes.message}
        selectedId={values.method}
        error={errors.method}
        onChoose={choose}
      />
      {afterOptions}

      <div className="ck-actions">
        <Button variant="secondary" onClick={() => onBack({ values, option: selected })}>
          Voltar
        </Button>
        <Button type="submit" size="lg" loading={checking} loadingText="Verificando...">
          Continuar para Pagamento
        </Button>
      </div>
    </form>
  )
}
