import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import {
  ACCOUNT_METHOD_LABELS,
  ACCOUNT_METHODS,
  ACCOUNT_PROVIDERS,
  type PaymentAccountInput,
  PROVIDER_LABELS,
  paymentAccountInputSchema,
} from '../../../../shared/payment-accounts'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Button, Card, Checkbox, Field, Input, SecretInput, Select } from '../../../ui'
import { useCreateAccount } from '../api/payment-accounts'

type Output = z.output<typeof paymentAccountInputSchema>

/** 'Adicionar conta': a gateway, its key (sent once, then only shown masked) and the methods it charges. */
export function NewAccountCard({ storeId }: { storeId: string }) {
  const create = useCreateAccount(storeId)
  const { register, handleSubmit, watch, reset, setError, formState } = useForm<PaymentAccountInput, unknown, Output>({
    resolver: zodResolver(paymentAccountInputSchema),
    defaultValues: {
      provider: 'asaas',
      label: '',
      apiKey: '',
      methods: ['pix', 'credit_card', 'bank_slip'],
      active: true,
    },
  })
  const provider = watch('provider')
  const errors = formState.errors
  const submit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values)
      reset()
      toast.success('Conta adicionada')
    } catch (err) {
      const apiErr = err instanceof ApiError ? err : undefined
      for (const [field, message] of Object.entries(apiErr?.errors ?? {}))
        setError(field as keyof PaymentAccountInput, { message })
      toast.error(apiErr?.message ?? 'Erro ao adicionar a conta')
    }
  })
  return (
    <Card title="Adicionar conta" className="payment-card payment-card-wide">
      <form className="stack" onSubmit={submit} noValidate>
        <div className="gateway-form-row">
          <Select
            label="Gateway"
            id="account-provider"
            options={ACCOUNT_PROVIDERS.map((p) => ({ value: p, label: PROVIDER_LABELS[p] }))}
            error={errors.provider?.message}
            {...register('provider')}
          />
          <Input label="Nome da conta" id="account-label" error={errors.label?.message} {...register('label')} />
        </div>
        <Field label="API Key" htmlFor="account-key" error={errors.apiKey?.message}>
          <SecretInput id="account-key" error={errors.apiKey?.message} {...register('apiKey')} />
        </Field>
        {provider === 'asaas' && (
          <Field
            label="Token do webhook (o mesmo configurado no Asaas)"
            htmlFor="account-webhook-token"
            error={errors.webhookToken?.message}
          >
            <SecretInput
              id="account-webhook-token"
              error={errors.webhookToken?.message}
              {...register('webhookToken', { setValueAs: (v: string) => (v ? v : undefined) })}
            />
          </Field>
        )}
        <fieldset className="gateway-methods">
          <legend>Formas de pagamento</legend>
          {ACCOUNT_METHODS.map((m) => (
            <Checkbox key={m} label={ACCOUNT_METHOD_LABELS[m]} value={m} {...register('methods')} />
          ))}
          {errors.methods && <p className="field-error">{errors.methods.message}</p>}
        </fieldset>
        <div>
          <Button type="submit" loading={create.isPending} loadingText="Adicionando...">
            Adicionar conta
          </Button>
        </div>
      </form>
    </Card>
  )
}
