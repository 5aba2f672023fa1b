import type { UseFormRegister, UseFormWatch } from 'react-hook-form'
import type { PaymentConfigInput } from '../../../../shared/payments'
import { Card, Checkbox, Input } from '../../../ui'

export interface MethodsCardProps {
  register: UseFormRegister<PaymentConfigInput>
  watch: UseFormWatch<PaymentConfigInput>
  errors: { creditCardMaxInstallments?: string; boletoExpirationDays?: string }
}

/** PIX, credit card (up to 24 installments, 12 by default) and boleto (1 to 30 days, 3 by default). */
export function MethodsCard({ register, watch, errors }: MethodsCardProps) {
  const card = watch('creditCardEnabled')
  const boleto = watch('boletoEnabled')
  return (
    <Card title="Métodos de Pagamento" className="payment-card">
      <div className="method">
        <Checkbox label="PIX" {...register('pixEnabled')} />
        <p className="muted method-help">Pagamento instantâneo por QR Code ou código copia e cola.</p>
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
          error={errors.creditCardMaxInstallments}
          {...register('creditCardMaxInstallments', { valueAsNumber: true })}
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
          error={errors.boletoExpirationDays}
          {...register('boletoExpirationDays', { valueAsNumber: true })}
        />
      </div>
    </Card>
  )
}
