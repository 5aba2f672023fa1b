import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react'
import { formatCardExpiry, formatCardNumber, formatCvv } from '../../../../../shared/br'
import { formatBRL } from '../../../../../shared/money'
import { type CardFields, type CheckoutMethodId, cardErrors } from '../../../../../shared/ordering-rules'
import type { PublicPaymentMethods } from '../../../../../shared/payments'
import { Button } from '../../../../ui/button'
import { Alert, Loading } from '../../../../ui/feedback'
import { Input, Select } from '../../../../ui/field'
import { usePaymentMethods } from '../api/get-payment-methods'
import { useFieldForm } from '../hooks/use-field-form'
import { useFocusFirstInvalid } from '../hooks/use-focus-first-invalid'

export interface PaymentValues {
  method: CheckoutMethodId
  cardName: string
  cardNumber: string
  expiryDate: string
  cvv: string
  installments: number
}

const METHOD_LOOK: Record<CheckoutMethodId, { icon: string; hint: string }> = {
  pix: { icon: '⚡', hint: 'Aprovação imediata' },
  credit_card: { icon: '💳', hint: 'Em até 12x' },
  bank_slip: { icon: '🧾', hint: 'Vence em 3 dias úteis' },
}
const ORDER: CheckoutMethodId[] = ['pix', 'credit_card', 'bank_slip']
const EMPTY_CARD: Record<keyof CardFields, string> = { cardName: '', cardNumber: '', expiryDate: '', cvv: '' }

function enabledMethods(data: PublicPaymentMethods | undefined): CheckoutMethodId[] {
  return data ? ORDER.filter((m) => data[m]?.enabled) : []
}

/**
 * Step 3 (2 for digital): the store's methods as cards (the only one, or the first — PIX — chosen by default),
 * card fields and installments for credit card, the bank-slip note; submits the order.
 */
export function PaymentStep({
  storeId,
  amount,
  submitting,
  error,
  onBack,
  onSubmit,
}: {
  storeId: string
  amount: number
  submitting: boolean
  error: string | undefined
  onBack: () => void
  onSubmit: (payment: PaymentValues) => void
}) {
  const methods = usePaymentMethods(storeId)
  const available = useMemo(() => enabledMethods(methods.data?.data), [methods.data])
  const [method, setMethod] = useState<CheckoutMethodId | undefined>()
  const [installments, setInstallments] = useState(1)
  const card = useFieldForm<keyof CardFields>(EMPTY_CARD, cardErrors)
  const ref = useRef<HTMLFormElement>(null)
  const focusFirstInvalid = useFocusFirstInvalid(ref)

  // Auto-selection: the only method, or the first one while none is chosen.
  useEffect(() => {
    if (available.length === 0) return
    if (!method || !available.includes(method)) setMethod(available[0])
  }, [available, method])

  if (methods.isPending) return <Loading message="Carregando formas de pagamento..." />
  if (methods.isError || available.length === 0) {
    const failed = methods.isError
    return (
      <div className="ck-card ck-step">
        <Alert tone="warning">
          <strong>Métodos de pagamento indisponíveis</strong>
          <br />
          {failed
            ? 'Erro ao carregar métodos de pagamento. Tente novamente.'
            : 'Nenhum método de pagamento disponível para esta loja'}
          . Entre em contato com o suporte.
        </Alert>
        <div className="ck-actions">
          <Button variant="secondary" onClick={onBack}>
            Voltar
          </Button>
          {failed && <Button onClick={() => methods.refetch()}>Tentar novamente</Button>}
        </div>
      </div>
    )
  }

  const data = methods.data!.data
  const maxInstallments = Math.max(1, data.credit_card.maxInstallments || 12)
  const slipDays = data.bank_slip.expirationDays || 3

  function moveWithArrows(e: KeyboardEvent<HTMLDivElement>) {
    const delta = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key]
    if (!delta || !method) return
    e.preventDefault()
    const next = available[(available.indexOf(method) + delta + available.length) % available.length]
    setMethod(next)
    e.currentTarget.querySelector<HTMLElement>(`[data-method="${next}"]`)?.focus()
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!method) return
    if (method === 'credit_card' && !card.validate()) {
      focusFirstInvalid()
      return
    }
    onSubmit({ method, ...card.values, installments: method === 'credit_card' ? installments : 1 })
  }

  return (
    <form ref={ref} className="ck-card ck-step" onSubmit={submit} noValidate>
      <h2 className="ck-card-title">Forma de pagamento</h2>
      <div className="ck-methods" role="radiogroup" aria-label="Forma de pagamento" onKeyDown={moveWithArrows}>
        {available.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={method === m}
            // One tab stop for the group, on the chosen method; the arrows move between methods (WAI-ARIA radio group).
            tabIndex={method === m ? 0 : -1}
            data-method={m}
            className={`ck-method${method === m ? ' ck-method-selected' : ''}`}
            onClick={() => setMethod(m)}
          >
            <span className="ck-method-icon" aria-hidden>
              {METHOD_LOOK[m].icon}
            </span>
            <span className="ck-method-name">{data[m].name}</span>
            <span className="ck-muted ck-method-hint">
              {m === 'credit_card'
                ? `Em até ${maxInstallments}x`
                : m === 'bank_slip'
                  ? `Vence em ${slipDays} dias úteis`
                  : METHOD_LOOK[m].hint}
            </span>
          </button>
        ))}
      </div>

      {method === 'pix' && (
        <div className="ck-info">O código PIX (QR Code e copia e cola) aparece assim que você finalizar o pedido.</div>
      )}
      {method === 'bank_slip' && (
        <div className="ck-info">
          O boleto vence em {slipDays} dias úteis. Após o pagamento, a compensação pode levar até 3 dias úteis.
        </div>
      )}
      {method === 'credit_card' && (
        <div className="ck-card-fields">
          <Input label="Nome no cartão" autoComplete="cc-name" {...card.bind('cardName', (v) => v.toUpperCase())} />
          <Input
            label="Número do cartão"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="0000 0000 0000 0000"
            maxLength={19}
            {...card.bind('cardNumber', formatCardNumber)}
          />
          <div className="ck-row">
            <Input
              label="Validade"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/AA"
              maxLength={5}
              {...card.bind('expiryDate', formatCardExpiry)}
            />
            <Input
              label="CVV"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              {...card.bind('cvv', formatCvv)}
            />
          </div>
          <Select
            label="Parcelas"
            name="installments"
            value={installments}
            onChange={(e) => setInstallments(Number(e.target.value))}
          >
            {Array.from({ length: maxInstallments }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n === 1
                  ? `1x de ${formatBRL(amount)} (à vista)`
                  : `${n}x de ${formatBRL(Math.ceil((amount * 100) / n) / 100)}`}
              </option>
            ))}
          </Select>
        </div>
      )}

      {error && <Alert tone="danger">{error}</Alert>}
      <div className="ck-actions">
        <Button variant="secondary" onClick={onBack} disabled={submitting}>
          Voltar
        </Button>
        <Button type="submit" size="lg" loading={submitting} loadingText="Processando...">
          Finalizar Compra
        </Button>
      </div>
    </form>
  )
}
