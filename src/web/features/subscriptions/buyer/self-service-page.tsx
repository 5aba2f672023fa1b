import { type ReactNode, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { usePageTitle } from '../../../lib/page-title'
import { Alert, Button, Loading } from '../../../ui'
import { useSelfService, useSelfServiceActions } from '../api/self-service'
import { CLOSED } from '../model'
import { CancelChoice } from './cancel-choice'
import { CardForm } from './card-form'
import { Invoices, SubscriptionSummary } from './subscription-summary'
import '../merchant/subscriptions.css'

type Notice = { tone: 'success' | 'danger'; text: string }

/**
 * /assinatura?token=… — the page every subscription e-mail links to (signed: the link is the credential). The
 * buyer sees the plan and the invoices, updates the card (a past-due renewal is charged again at once) or cancels.
 */
export default function SelfServicePage() {
  usePageTitle('Minha assinatura')
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const sub = useSelfService(token)
  const { updateCard, cancel } = useSelfServiceActions(token)
  const [mode, setMode] = useState<'view' | 'card' | 'cancel'>('view')
  const [notice, setNotice] = useState<Notice | undefined>()
  const show = (next: 'card' | 'cancel') => {
    setNotice(undefined)
    updateCard.reset()
    cancel.reset()
    setMode(next)
  }

  let body: ReactNode
  if (!token || sub.isError) body = <Alert tone="danger">{sub.error?.message ?? 'Link inválido ou expirado'}</Alert>
  else if (!sub.data) body = <Loading message="Carregando assinatura..." />
  else {
    const s = sub.data
    const open = !CLOSED.includes(s.status)
    body = (
      <>
        <SubscriptionSummary s={s} />
        {s.status === 'PAST_DUE' && mode === 'view' && !notice && (
          <Alert tone="warning">
            Não conseguimos cobrar a renovação no seu cartão. Atualize o cartão para manter o acesso.
          </Alert>
        )}
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {mode === 'card' && (
          <>
            <h2>Atualizar cartão</h2>
            {updateCard.isError && <Alert tone="danger">{updateCard.error.message}</Alert>}
            <CardForm
              submitting={updateCard.isPending}
              onCancel={() => setMode('view')}
              onSubmit={(card) =>
                updateCard.mutate(card, {
                  onSuccess: (r) => {
                    setMode('view')
                    setNotice({ tone: r.outcome === 'REFUSED' ? 'danger' : 'success', text: r.message })
                  },
                })
              }
            />
          </>
        )}
        {mode === 'cancel' && (
          <CancelChoice
            pending={cancel.isPending}
            error={cancel.error?.message}
            accessUntil={s.accessUntil}
            onBack={() => setMode('view')}
            onChoose={(atPeriodEnd) =>
              cancel.mutate(atPeriodEnd, {
                onSuccess: () => {
                  setMode('view')
                  setNotice({
                    tone: 'success',
                    text: atPeriodEnd ? 'Cancelamento agendado para o fim do período.' : 'Assinatura cancelada.',
                  })
                },
              })
            }
          />
        )}
        {mode === 'view' && open && (
          <div className="sub-actions">
            {s.method === 'credit_card' && <Button onClick={() => show('card')}>Atualizar cartão</Button>}
            {!s.cancelAtPeriodEnd && (
              <Button variant="secondary" onClick={() => show('cancel')}>
                Cancelar assinatura
              </Button>
            )}
          </div>
        )}
        <h2>Faturas</h2>
        <Invoices s={s} />
      </>
    )
  }
  return (
    <main className="sub-page">
      <h1>Minha assinatura</h1>
      <div className="stack">{body}</div>
    </main>
  )
}
