import type { Control, FieldErrors, UseFormRegister, UseFormWatch } from 'react-hook-form'
import type { PaymentConfigInput } from '../../../../shared/payments'
import { fieldBinder } from '../../../lib/form-field'
import { Card, Checkbox, Input } from '../../../ui'
import { PercentInput } from './percent-input'

export interface MethodsCardProps {
  register: UseFormRegister<PaymentConfigInput>
  control: Control<PaymentConfigInput>
  watch: UseFormWatch<PaymentConfigInput>
  errors: FieldErrors<PaymentConfigInput>
}

/** '' means every plan without interest. */
const plansOrNull = (v: unknown) => (v === '' || v == null ? null : Number(v))

/**
 * PIX, credit card (up to 24 installments, 12 by default) and boleto (1 to 30 days, 3 by default); pricing: the PIX
 * and boleto discounts and the interest rules ('sem juros até' M, a monthly rate for the longer plans).
 */
export function MethodsCard({ register, control, watch, errors }: MethodsCardProps) {
  const card = watch('creditCardEnabled')
  const boleto = watch('boletoEnabled')
  const pix = watch('pixEnabled')
  const field = fieldBinder(register, errors)
  return (
    <Card title="Métodos de Pagamento" className="payment-card">
      <div className="method">
        <Checkbox label="PIX" {...register('pixEnabled')} />
        <p className="muted method-help">Pagamento instantâneo por QR Code ou código copia e cola.</p>
        <PercentInput
          control={control}
          name="pixDiscountPercent"
          label="Desconto no PIX (%)"
          disabled={!pix}
          hint="Mostrado ao comprador como '5% OFF'. 0 = sem desconto."
          error={errors.pixDiscountPercent?.message}
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
        <PercentInput
          control={control}
          name="monthlyInterestPercent"
          label="Juros ao mês (%)"
          disabled={!card}
          hint="Tabela Price sobre o total; ex.: 2,89. 0 = sem juros."
          error={errors.monthlyInterestPercent?.message}
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
        <PercentInput
          control={control}
          name="boletoDiscountPercent"
          label="Desconto no boleto (%)"
          disabled={!boleto}
          error={errors.boletoDiscountPercent?.message}
        />
      </div>
    </Card>
  )
}
