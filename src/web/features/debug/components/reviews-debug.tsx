import { useState } from 'react'
import { REVIEW_MESSAGES, REVIEW_STATUS_LABELS } from '../../../../shared/reviews'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Alert, Badge, Button, Card, ConfirmDialog, StatCard } from '../../../ui'
import { useDebugReviews, useDeleteAllReviews } from '../api/reviews'
import { truncate } from './storage-table'

const oneDecimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

/**
 * The review part of /debug for the current store: totals from the server, the first 5 reviews, and the clean-ups.
 * The platform never seeds sample reviews, so 'remover avaliações de exemplo' removes none and says how many real
 * ones were kept; 'remover TODAS' deletes the store's reviews on the server (owner only), after a confirmation.
 */
export function ReviewsDebug({ storeId }: { storeId: string | undefined }) {
  const { overview, first } = useDebugReviews(storeId)
  const removeAll = useDeleteAllReviews(storeId)
  const [confirming, setConfirming] = useState(false)
  const stats = overview.data

  const removeSamples = () => {
    if (!stats) return toast.error('Erro ao remover avaliações de exemplo.')
    toast.success(`Nenhuma avaliação de exemplo para remover. ${stats.allReviews} avaliação(ões) real(is) mantida(s).`)
  }
  const confirmRemoveAll = async () => {
    try {
      const res = await removeAll.mutateAsync()
      toast.success(res.message ?? REVIEW_MESSAGES.allDeleted)
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Erro ao remover avaliações.')
    } finally {
      setConfirming(false)
    }
  }

  return (
    <Card title="Avaliações">
      <div className="stack" data-testid="debug-reviews">
        {!storeId ? (
          <Alert tone="info">Selecione uma loja para ver as avaliações.</Alert>
        ) : overview.isError ? (
          <Alert tone="danger">Erro ao carregar as avaliações da loja atual.</Alert>
        ) : (
          <>
            <div className="grid grid-3">
              <StatCard label="Total" value={stats ? stats.allReviews : '…'} />
              <StatCard label="Aprovadas" value={stats ? stats.byStatus.APPROVED : '…'} />
              <StatCard
                label="Nota média"
                value={stats ? (stats.averageRating === null ? '—' : oneDecimal.format(stats.averageRating)) : '…'}
              />
            </div>
            <p className="muted small">
              Nenhuma avaliação de exemplo é criada pela plataforma: todos os números vêm das avaliações reais.
            </p>
            {first.data && first.data.reviews.length > 0 ? (
              <ul className="plain-list">
                {first.data.reviews.map((r) => (
                  <li key={r.id} className="row">
                    <span>{truncate(r.customerName, 50)}</span>
                    <span aria-label={`Nota ${r.rating} de 5`}>{'★'.repeat(r.rating)}</span>
                    <span className="muted">{truncate(r.title, 50)}</span>
                    <Badge>{REVIEW_STATUS_LABELS[r.status]}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">Primeiras 5 avaliações: nenhuma avaliação.</p>
            )}
          </>
        )}
        <div className="row">
          <Button variant="secondary" onClick={removeSamples} disabled={!stats}>
            Remover avaliações de exemplo
          </Button>
          <Button variant="danger" onClick={() => setConfirming(true)} disabled={!stats || stats.allReviews === 0}>
            Remover TODAS as avaliações
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Remover TODAS as avaliações"
        message="Atenção: todas as avaliações da loja atual serão removidas definitivamente, inclusive as aprovadas. Deseja continuar?"
        confirmLabel="Remover todas"
        loading={removeAll.isPending}
        onConfirm={() => void confirmRemoveAll()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  )
}
