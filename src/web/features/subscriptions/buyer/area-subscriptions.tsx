import { useState } from 'react'
import { Alert, Button, Loading } from '../../../ui'
import { useBuyerCancelSubscription, useBuyerSubscriptions } from '../api/buyer-subscriptions'
import { CancelChoice } from './cancel-choice'
import { SubscriptionSummary } from './subscription-summary'
import '../merchant/subscriptions.css'

/** 'Minhas assinaturas' in /minha-conta: each with its access date, the e-mails' page ('Gerenciar') and cancel. */
export function AreaSubscriptions() {
  const subs = useBuyerSubscriptions()
  const cancel = useBuyerCancelSubscription()
  const [cancelling, setCancelling] = useState<string | undefined>()
  if (subs.isLoading) return <Loading message="Carregando assinaturas..." />
  if (subs.isError) return <Alert tone="danger">Não foi possível carregar suas assinaturas.</Alert>
  const items = subs.data?.items ?? []
  if (items.length === 0) return null
  return (
    <section className="stack" aria-labelledby="ba-subscriptions" data-testid="buyer-subscriptions">
      <h2 id="ba-subscriptions">Minhas assinaturas</h2>
      <ul className="sub-area-list">
        {items.map((s) => {
          const open = !['CANCELED', 'EXPIRED', 'INCOMPLETE_EXPIRED'].includes(s.status)
          return (
            <li key={s.id} className="sub-area-card">
              <SubscriptionSummary s={s} />
              {cancelling === s.id ? (
                <CancelChoice
                  pending={cancel.isPending}
                  error={cancel.error?.message}
                  accessUntil={s.accessUntil}
                  onBack={() => setCancelling(undefined)}
                  onChoose={(atPeriodEnd) =>
                    cancel.mutate({ id: s.id, atPeriodEnd }, { onSuccess: () => setCancelling(undefined) })
                  }
                />
              ) : (
                <div className="sub-actions">
                  <a className="btn btn-secondary btn-sm" href={s.manageUrl}>
                    Gerenciar
                  </a>
                  {open && !s.cancelAtPeriodEnd && (
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
          )
        })}
      </ul>
    </section>
  )
}
