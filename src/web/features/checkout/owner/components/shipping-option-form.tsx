import { zodResolver } from '@hookform/resolvers/zod'
import { useFieldArray, useForm } from 'react-hook-form'
import {
  formatDecimalInput,
  parseDecimalInput,
  type ShippingOption,
  type ShippingOptionInput,
  type ShippingOptionValues,
  shippingOptionInputSchema,
} from '../../../../../shared/checkout'
import { ApiError } from '../../../../lib/api'
import { fieldBinder } from '../../../../lib/form-field'
import { Button, Input, Switch, Textarea } from '../../../../ui'
import { CepTester } from './cep-tester'

export interface ShippingOptionFormProps {
  option?: ShippingOption
  /** Rejects with the ApiError so its field errors land under the fields. */
  onSubmit(values: ShippingOptionValues): Promise<unknown>
  onCancel(): void
}

type FormInput = ShippingOptionInput & {
  zipCodeRules: { name: string; zipCodePattern: string; priceMultiplier: unknown; additionalDays: unknown }[]
}

function initialValues(o?: ShippingOption): FormInput {
  return {
    name: o?.name ?? '',
    description: o?.description ?? '',
    basePrice: o ? formatDecimalInput(o.basePrice, 2) : '',
    freeShippingThreshold:
      o?.freeShippingThreshold === null || !o ? '' : formatDecimalInput(o.freeShippingThreshold, 2),
    estimatedDays: o ? String(o.estimatedDays) : '',
    active: o?.active ?? true,
    zipCodeRules: (o?.zipCodeRules ?? []).map((r) => ({
      ...r,
      priceMultiplier: formatDecimalInput(r.priceMultiplier),
    })),
  }
}

/** Create or edit one option (spec 001 §4 'Owner shipping form', §5 rules), with its CEP zone rules. */
export function ShippingOptionForm({ option, onSubmit, onCancel }: ShippingOptionFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, ShippingOptionValues>({
    resolver: zodResolver(shippingOptionInputSchema) as never,
    defaultValues: initialValues(option),
  })
  const field = fieldBinder(register, errors)
  const rules = useFieldArray({ control, name: 'zipCodeRules' })
  const active = watch('active')
  const live = watch()

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values)
    } catch (err) {
      if (!(err instanceof ApiError) || !err.errors) return
      for (const [field, message] of Object.entries(err.errors)) setError(field as never, { message })
    }
  })

  const ruleError = (i: number, key: 'name' | 'zipCodePattern' | 'priceMultiplier' | 'additionalDays') =>
    errors.zipCodeRules?.[i]?.[key]?.message

  return (
    <form className="stack shipping-form" onSubmit={submit} noValidate>
      <Input label="Nome *" placeholder="Ex.: PAC, Sedex, Expresso" autoFocus {...field('name')} />
      <Textarea
        label="Descrição"
        placeholder="Ex.: Entrega econômica pelos Correios"
        rows={2}
        {...field('description')}
      />
      <div className="shipping-form-grid">
        <Input
          label="Preço base (R$) *"
          inputMode="decimal"
          placeholder="0,00"
          {...field('basePrice', { setValueAs: decimal })}
        />
        <Input
          label="Frete grátis a partir de (R$)"
          inputMode="decimal"
          placeholder="Sem frete grátis"
          hint="Subtotal do pedido a partir do qual esta opção sai de graça."
          {...field('freeShippingThreshold', { setValueAs: decimal })}
        />
        <Input
          label="Prazo de entrega (dias úteis) *"
          inputMode="numeric"
          placeholder="Ex.: 7"
          {...field('estimatedDays')}
        />
      </div>
      <Switch
        className="shipping-active"
        label={active ? 'Ativa' : 'Inativa'}
        checked={Boolean(active)}
        onChange={(e) => setValue('active', e.target.checked)}
      />

      <fieldset className="zip-rules">
        <legend>Regras por CEP</legend>
        <p className="muted small">
          Ajuste preço e prazo por região. Padrões aceitos: prefixo <code>69*</code>, CEP exato <code>01310-100</code>,
          faixa <code>01000000-05999999</code> ou <code>69000-69999</code>, vários separados por vírgula. Quando mais de
          uma regra combina com o CEP, vale a mais específica (a que cobre menos CEPs).
        </p>
        {rules.fields.map((field, i) => (
          <div key={field.id} className="zip-rule">
            <Input
              label="Nome da regra"
              placeholder="Ex.: Região Norte"
              error={ruleError(i, 'name')}
              {...register(`zipCodeRules.${i}.name`)}
            />
            <Input
              label="Padrão de CEP"
              placeholder="Ex.: 69*, 68*"
              error={ruleError(i, 'zipCodePattern')}
              {...register(`zipCodeRules.${i}.zipCodePattern`)}
            />
            <Input
              label="Multiplicador"
              inputMode="decimal"
              placeholder="1,5"
              error={ruleError(i, 'priceMultiplier')}
              {...register(`zipCodeRules.${i}.priceMultiplier`, { setValueAs: decimal })}
            />
            <Input
              label="Dias adicionais"
              inputMode="numeric"
              placeholder="0"
              error={ruleError(i, 'additionalDays')}
              {...register(`zipCodeRules.${i}.additionalDays`)}
            />
            <Button
              variant="ghost"
              size="sm"
              className="zip-rule-remove"
              aria-label={`Remover regra ${i + 1}`}
              onClick={() => rules.remove(i)}
            >
              Remover
            </Button>
          </div>
        ))}
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => rules.append({ name: '', zipCodePattern: '', priceMultiplier: '1', additionalDays: '0' })}
          >
            + Adicionar regra
          </Button>
        </div>
      </fieldset>

      <CepTester values={live} />

      <div className="form-actions">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancelar
        </Button>
        <Button type="submit" loading={isSubmitting} loadingText="Salvando...">
          {option ? 'Salvar Alterações' : 'Criar Opção'}
        </Button>
      </div>
    </form>
  )
}

/** '12,50', '1.234,56' or '12.50' → a dot-decimal string, so a Brazilian keyboard's decimal comma works. */
const decimal = parseDecimalInput
