import type { FieldErrors, UseFormRegister, UseFormWatch } from 'react-hook-form'
import type { PaymentConfigInput } from '../../../../shared/payments'
import { fieldBinder } from '../../../lib/form-field'
import { Card, Checkbox, Input } from '../../../ui'

export interface MethodsCardProps {
  register: UseFormRegister<PaymentConfigInput>
  watch: UseFormWatch<PaymentConfigInput>
  errors: FieldErrors<PaymentConfigInput>
}

/** '' reads as 0 (no discount, no interest); '2,89' and '2.89' are the same rate. */
const percent = (v: unknown) => (v === '' || v == null ? 0 : Number(String(v).replace(',', '.')))
/** '' means every plan without interest. */
const plansOrNull = (v: unknown) => (v === '' || v == null ? null : Number(v))

/**
 * PIX, credit card (up to 24 installments, 12 by default) and boleto (1 to 30 days, 3 by default); pricing: the PIX
 * and boleto discounts and the interest rules ('sem juros até' M, a monthly rate for the longer plans).
 */
export function MethodsCard({ register, watch, errors }: MethodsCardProps) {
  const card = watch('creditCardEnabled')
  const boleto = watch('boletoEnabled')
  const pix = watch('pixEnabled')
  const field = fieldBinder(register, errors)
  return (
    <Card title="Métodos de Pagamento" className="payment-card">
      <div className="method">
        <Checkbox label="PIX" {...register('pixEnabled')} />
        <p className="muted method-help">Pagamento instantâneo por QR Code ou código copia e cola.</p>
        <Input
          label="Desconto no PIX (%)"
          inputMode="decimal"
          disabled={!pix}
          hint="Mostrado ao comprador como '5% OFF'. 0 = sem desconto."
          {...field('pixDiscountPercent', { setValueAs: percent })}
        />
      </div>
      <div className="method">
        <Checkbox label="Cartão de Crédito" {...register('creditCardEnabled')} />
        <Input
          label="Máximo de parcelas"
          type="number"
          min={1}
          max={24}
          step={1}
          disabled={!card}
          hint="De 1 a 24 parcelas (padrão: até 12x)."
          {...field('creditCardMaxInstallments', { valueAsNumber: true })}
        />
        <Input
          label="Sem juros até (parcelas)"
          type="number"
          min={1}
          max={24}
          step={1}
          disabled={!card}
          hint="Em branco: todas as parcelas sem juros. Acima deste número, o comprador paga os juros abaixo."
          {...field('interestFreeInstallments', { setValueAs: plansOrNull })}
        />
        <Input
          label="Juros ao mês (%)"
          inputMode="decimal"
          disabled={!card}
          hint="Tabela Price sobre o total; ex.: 2,89. 0 = sem juros."
          {...field('monthlyInterestPercent', { setValueAs: percent })}
        />
      </div>
      <div className="method">
        <Checkbox label="Boleto Bancário" {...register('boletoEnabled')} />
        <Input
          label="Dias para vencimento do boleto"
          type="number"
          min={1}
          max={30}
          step={1}
          disabled={!boleto}
          hint="De 1 a 30 dias (padrão: 3 dias)."
          {...field('boletoExpirationDays', { valueAsNumber: true })}
        />
        <Input
          label="Desconto no boleto (%)"
          inputMode="decimal"
          disabled={!boleto}
          {...field('boletoDiscountPercent', { setValueAs: percent })}
        />
      </div>
    </Card>
  )
}
