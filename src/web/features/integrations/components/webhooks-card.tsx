import { useState } from 'react'
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookEvent,
  webhookInputSchema,
} from '../../../../shared/webhooks'
import { ApiError } from '../../../lib/api'
import { copyText } from '../../../lib/clipboard'
import { toast } from '../../../lib/toast'
import { Alert, Badge, Button, Card, Checkbox, Input } from '../../../ui'
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateSecret,
  useSendTest,
  useUpdateWebhook,
  useWebhooks,
} from '../api/webhooks'
import { WebhookLog } from './webhook-log'

/** Webhooks: the merchant's endpoints, the events each hears, the secret (shown once), the log, resend and test. */
export function WebhooksCard({ storeId }: { storeId: string }) {
  const list = useWebhooks(storeId)
  const create = useCreateWebhook(storeId)
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<WebhookEvent[]>(['order.paid', 'order.refunded'])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [secret, setSecret] = useState<{ id: string; value: string } | null>(null)

  async function onCreate() {
    const parsed = webhookInputSchema.safeParse({ url, events })
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])))
      return
    }
    try {
      const created = await create.mutateAsync(parsed.data)
      setErrors({})
      setUrl('')
      setSecret({ id: created.id, value: created.secret })
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors ?? { url: err.message })
    }
  }

  return (
    <Card title="Webhooks" className="settings-card webhooks-card">
      <p className="muted">
        Avise seus sistemas (ERP, área de membros, automações) a cada pedido. As mensagens seguem o padrão Standard
        Webhooks: verifique a assinatura com o segredo da URL.
      </p>
      {secret && (
        <Alert tone="warning">
          <strong>Segredo de assinatura</strong> (mostrado só agora — guarde-o):{' '}
          <code data-testid="webhook-secret">{secret.value}</code>{' '}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => copyText(secret.value).then(() => toast.success('Copiado'))}
          >
            Copiar
          </Button>
        </Alert>
      )}
      <div className="webhook-form">
        <Input
          label="URL do endpoint"
          placeholder="https://seu-sistema.com.br/webhooks"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={errors.url}
        />
        <fieldset className="webhook-events">
          <legend>Eventos</legend>
          {WEBHOOK_EVENTS.map((ev) => (
            <Checkbox
              key={ev}
              label={`${WEBHOOK_EVENT_LABELS[ev]} (${ev})`}
              checked={events.includes(ev)}
              onChange={(e) => setEvents((cur) => (e.target.checked ? [...cur, ev] : cur.filter((x) => x !== ev)))}
            />
          ))}
          {errors.events && <p className="field-error">{errors.events}</p>}
        </fieldset>
        <Button onClick={onCreate} loading={create.isPending}>
          Adicionar webhook
        </Button>
      </div>
      {list.data?.map((hook) => (
        <WebhookEndpoint
          key={hook.id}
          storeId={storeId}
          hook={hook}
          onSecret={(value) => setSecret({ id: hook.id, value })}
        />
      ))}
    </Card>
  )
}

function WebhookEndpoint({
  storeId,
  hook,
  onSecret,
}: {
  storeId: string
  hook: Webhook
  onSecret: (s: string) => void
}) {
  const update = useUpdateWebhook(storeId)
  const remove = useDeleteWebhook(storeId)
  const rotate = useRotateSecret(storeId)
  const test = useSendTest(storeId)
  const [showLog, setShowLog] = useState(true)
  const fail = (err: unknown) => toast.error(err instanceof ApiError ? err.message : 'Erro')

  return (
    <div className="webhook-endpoint" data-testid="webhook-endpoint">
      <div className="webhook-endpoint-head">
        <code className="order-break">{hook.url}</code>{' '}
        <Badge tone={hook.active ? 'success' : 'neutral'}>{hook.active ? 'Ativo' : 'Desativado'}</Badge>
      </div>
      {hook.disabledReason && <Alert tone="danger">{hook.disabledReason}</Alert>}
      <p className="muted">
        Eventos: {hook.events.join(', ')} · Segredo: {hook.secretHint}
        {hook.previousSecretUntil && ' · o segredo anterior também assina por 24 h'}
      </p>
      <div className="webhook-actions">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => test.mutateAsync(hook.id).then(() => toast.success('Teste enviado'), fail)}
        >
          Enviar teste
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => rotate.mutateAsync(hook.id).then((r) => onSecret(r.secret), fail)}
        >
          Gerar novo segredo
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => update.mutateAsync({ id: hook.id, active: !hook.active }).catch(fail)}
        >
          {hook.active ? 'Desativar' : 'Reativar'}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setShowLog((v) => !v)}>
          {showLog ? 'Ocultar entregas' : 'Ver entregas'}
        </Button>
        <Button size="sm" variant="danger" onClick={() => remove.mutateAsync(hook.id).catch(fail)}>
          Excluir
        </Button>
      </div>
      {showLog && <WebhookLog storeId={storeId} webhookId={hook.id} />}
    </div>
  )
}
