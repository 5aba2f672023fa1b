import { useState } from 'react'
import { Alert, Badge, type BadgeTone, Button, Loading } from '../../../ui'
import { useBuyerCancelSubscription, useBuyerSubscriptions } from '../api/buyer-subscriptions'
import { CLOSED, formatDate, STATUS_LABELS, selfServicePath } from '../model'
import { CancelChoice } from './cancel-choice'
import '../merchant/subscriptions.css'

const TONE: Record<string, BadgeTone> = { ACTIVE: 'success', TRIALING: 'info', PAST_DUE: 'warning', CANCELED: 'danger' }

/** 'Minhas assinaturas' in /minha-conta: each with its access date, its page ('Gerenciar') and cancel. */
export function AreaSubscriptions() {
  const subs = useBuyerSubscriptions()
  const cancel = useBuyerCancelSubscription()
  const [cancelling, setCancelling] = useState<string | undefined>()
  if (subs.isLoading) return <Loading message="Carregando assinaturas..." />
  if (subs.isError) return <Alert tone="danger">Não foi possível carregar suas assinaturas.</Alert>
  const items = subs.data ?? []
  if (items.length === 0) return null
  return (
    <section className="stack" aria-labelledby="ba-subscriptions" data-testid="buyer-subscriptions">
      <h2 id="ba-subscriptions">Minhas assinaturas</h2>
      <ul className="sub-area-list">
        {items.map((s) => (
          <li key={s.id} className="sub-area-card">
            <div className="sub-summary-head">
              <strong>{s.productName}</strong>
              <Badge tone={TONE[s.status] ?? 'neutral'}>{STATUS_LABELS[s.status] ?? s.status}</Badge>
            </div>
            <p className="sub-area-line">Plano {s.planName}</p>
            <p className="sub-area-line" data-testid="subscription-access">
              {s.hasAccess ? `Acesso liberado até ${formatDate(s.accessUntil)}` : 'Acesso suspenso'}
            </p>
            {cancelling === s.id ? (
              <CancelChoice
                pending={cancel.isPending}
                error={cancel.error?.message}
                accessUntil={s.accessUntil}
                onBack={() => setCancelling(undefined)}
                onChoose={(atPeriodEnd) =>
                  cancel.mutate({ token: s.manageToken, atPeriodEnd }, { onSuccess: () => setCancelling(undefined) })
                }
              />
            ) : (
              <div className="sub-actions">
                <a className="btn btn-secondary btn-sm" href={selfServicePath(s.manageToken)}>
                  Gerenciar assinatura
                </a>
                {!CLOSED.includes(s.status) && (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => {
                      cancel.reset()
                      setCancelling(s.id)
                    }}
                  >
                    Cancelar assinatura
                  </Button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
