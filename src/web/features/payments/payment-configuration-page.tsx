import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useParams } from 'react-router-dom'
import type { z } from 'zod'
import {
  isMaskedKey,
  PAYMENT_MESSAGES,
  type PaymentConfig,
  type PaymentConfigInput,
  paymentConfigInputSchema,
} from '../../../shared/payments'
import { ApiError } from '../../lib/api'
import { toast } from '../../lib/toast'
import { Alert, Button, Loading, PageHeader } from '../../ui'
import { healthFailureMessage, useCheckHealth } from './api/check-health'
import { usePaymentConfig } from './api/get-payment-config'
import { useSavePaymentConfig } from './api/save-payment-config'
import { ApiKeyCard } from './components/api-key-card'
import { ConnectionBadge, type ConnectionStatus } from './components/connection-badge'
import { MethodsCard } from './components/methods-card'
import { SystemStatusCard } from './components/system-status-card'
import { WebhookCard } from './components/webhook-card'
import './payments.css'

type FormOutput = z.output<typeof paymentConfigInputSchema>

const valuesOf = (c: PaymentConfig): PaymentConfigInput => ({
  ativoPayApiKey: c.ativoPayApiKey,
  pixEnabled: c.pixEnabled,
  creditCardEnabled: c.creditCardEnabled,
  boletoEnabled: c.boletoEnabled,
  creditCardMaxInstallments: c.creditCardMaxInstallments,
  boletoExpirationDays: c.boletoExpirationDays,
  pixDiscountPercent: c.pixDiscountPercent,
  boletoDiscountPercent: c.boletoDiscountPercent,
  interestFreeInstallments: c.interestFreeInstallments,
  monthlyInterestPercent: c.monthlyInterestPercent,
})

/** Pagamentos (spec 002 §2.5): the Ativo Pay key, the methods, the connection status and the webhook address. */
export default function PaymentConfigurationPage() {
  const { storeId } = useParams()
  if (!storeId) return <Alert tone="danger">{PAYMENT_MESSAGES.noStore}</Alert>
  return <PaymentConfiguration key={storeId} storeId={storeId} />
}

function PaymentConfiguration({ storeId }: { storeId: string }) {
  const config = usePaymentConfig(storeId)
  const save = useSavePaymentConfig(storeId)
  const health = useCheckHealth(storeId)
  // The last test's answer; before any, 'Testando' only while a stored key is being checked on arrival, and
  // 'Não configurado' for a store with no key (nothing will ever be tested until one is typed).
  const [tested, setConnection] = useState<ConnectionStatus | null>(null)
  const connection: ConnectionStatus = tested ?? (config.data?.hasApiKey ? 'testing' : 'unconfigured')
  const autoTested = useRef(false)

  // A 404 on load is silent (spec 002 §8): the form starts from the defaults.
  const loadFailed = config.isError && !(config.error instanceof ApiError && config.error.status === 404)
  useEffect(() => {
    if (loadFailed) toast.error(PAYMENT_MESSAGES.loadError)
  }, [loadFailed])

  const form = useForm<PaymentConfigInput, unknown, FormOutput>({
    resolver: zodResolver(paymentConfigInputSchema),
    defaultValues: {
      ativoPayApiKey: '',
      pixEnabled: true,
      creditCardEnabled: true,
      boletoEnabled: true,
      creditCardMaxInstallments: 12,
      boletoExpirationDays: 3,
      pixDiscountPercent: 0,
      boletoDiscountPercent: 0,
      interestFreeInstallments: null,
      monthlyInterestPercent: 0,
    },
  })
  const { register, handleSubmit, reset, watch, setError, formState } = form
  const apiKey = watch('ativoPayApiKey') ?? ''

  useEffect(() => {
    if (config.data) reset(valuesOf(config.data))
  }, [config.data, reset])

  async function testConnection(opts: { quiet?: boolean } = {}) {
    setConnection('testing')
    const typed = apiKey.trim()
    const candidate = typed && !isMaskedKey(typed) && formState.dirtyFields.ativoPayApiKey ? typed : undefined
    try {
      await health.mutateAsync(candidate)
      setConnection('success')
      if (!opts.quiet) toast.success('Conexão com Ativo Pay estabelecida com sucesso!')
      if (!candidate) void config.refetch()
    } catch (err) {
      setConnection('error')
      if (!opts.quiet) toast.error(healthFailureMessage(err))
      if (!candidate) void config.refetch()
    }
  }

  // With a stored key, the page checks the connection once on arrival (the badge starts as 'Testando').
  // biome-ignore lint/correctness/useExhaustiveDependencies: one automatic check per page visit, not per render
  useEffect(() => {
    if (!config.data?.hasApiKey || autoTested.current) return
    autoTested.current = true
    void testConnection({ quiet: true })
  }, [config.data?.hasApiKey])

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values)
      reset(valuesOf(saved))
      if (saved.hasApiKey) setConnection(saved.ativoPayActive ? 'success' : 'error')
      toast.success('Configuração salva com sucesso!')
      if (!saved.ativoPayActive) toast.error(saved.lastCheckError ?? PAYMENT_MESSAGES.invalidKey)
    } catch (err) {
      const apiErr = err instanceof ApiError ? err : undefined
      for (const [field, message] of Object.entries(apiErr?.errors ?? {})) {
        if (field in values) setError(field as keyof PaymentConfigInput, { message })
      }
      toast.error(PAYMENT_MESSAGES.saveError)
    }
  })

  if (config.isPending) return <Loading message="Carregando configuração..." />

  const data = config.data
  const errors = formState.errors
  const hasKey = apiKey.trim().length > 0
  return (
    <form className="stack payment-page" onSubmit={submit} noValidate>
      <PageHeader
        title="Configuração de Pagamentos"
        subtitle="Integração com o Ativo Pay: chave da API, métodos de pagamento e webhook."
        actions={
          <>
            <ConnectionBadge status={connection} />
            <Button
              variant="secondary"
              onClick={() => void testConnection()}
              loading={health.isPending}
              loadingText="Testando..."
              disabled={!hasKey}
            >
              Testar Conexão
            </Button>
          </>
        }
      />
      {loadFailed && <Alert tone="danger">{PAYMENT_MESSAGES.loadError}</Alert>}

      <div className="payment-grid">
        <ApiKeyCard
          field={register('ativoPayApiKey')}
          error={errors.ativoPayApiKey?.message}
          maskedKey={data?.ativoPayApiKey ?? ''}
          sandbox={data?.sandbox ?? false}
        />
        <MethodsCard register={register} control={form.control} watch={watch} errors={errors} />
        <SystemStatusCard
          connection={connection}
          hasApiKey={data?.hasApiKey ?? false}
          active={data?.ativoPayActive ?? false}
          lastCheckedAt={data?.lastCheckedAt ?? null}
        />
        <WebhookCard
          url={data?.ativoPayWebhookUrl ?? `${window.location.origin}/api/payment/ativo-pay/webhook/callback`}
          isPublic={data?.webhookUrlPublic ?? true}
        />
      </div>

      <div className="payment-actions">
        <Button type="submit" loading={save.isPending} loadingText="Salvando..." disabled={!hasKey}>
          Salvar Configuração
        </Button>
      </div>
    </form>
  )
}
