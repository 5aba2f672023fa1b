import { NotebookPen } from 'lucide-react'
import { useState } from 'react'
import {
  moderationTargets,
  type OwnerReview,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  REVIEW_STATUS_LABELS,
  type ReviewStatus,
} from '../../../../shared/reviews'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Badge, type BadgeTone, Button, Textarea } from '../../../ui'
import { useModerateReview, useUpdateReview } from '../api/mutations'
import { formatReviewDate, Stars } from '../stars'

const STATUS_TONE: Record<ReviewStatus, BadgeTone> = {
  PENDING: 'warning',
  APPROVED: 'success',
  REJECTED: 'danger',
  FLAGGED: 'purple',
}

const ACTION: Record<
  Exclude<ReviewStatus, 'PENDING'>,
  { label: string; variant: 'success' | 'danger' | 'secondary' }
> = {
  APPROVED: { label: 'Aprovar', variant: 'success' },
  REJECTED: { label: 'Rejeitar', variant: 'danger' },
  FLAGGED: { label: 'Sinalizar', variant: 'secondary' },
}

/** One review in the owner's list: what the buyer wrote (as text), its marks, the moves the state machine allows. */
export function ReviewItem({
  storeId,
  review,
  onDelete,
}: {
  storeId: string
  review: OwnerReview
  onDelete: (review: OwnerReview) => void
}) {
  const moderate = useModerateReview(storeId)
  const update = useUpdateReview(storeId)
  const [notes, setNotes] = useState(review.moderatorNotes ?? '')
  const [editingNotes, setEditingNotes] = useState(false)

  const run = async (status: Exclude<ReviewStatus, 'PENDING'>) => {
    try {
      const res = await moderate.mutateAsync({ id: review.id, input: { status, moderatorNotes: notes || undefined } })
      toast.success(res.message ?? REVIEW_MESSAGES.moderated[status])
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Erro ao moderar avaliação')
    }
  }
  const saveNotes = async () => {
    try {
      await update.mutateAsync({ id: review.id, input: { moderatorNotes: notes } })
      toast.success('Observações salvas')
      setEditingNotes(false)
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Erro ao salvar observações')
    }
  }

  return (
    <article className="rv-item" data-testid="review-item" aria-label={`Avaliação de ${review.customerName}`}>
      <header className="rv-item-head">
        <div className="rv-item-who">
          <strong>{review.customerName}</strong>
          {review.customerEmail && <span className="muted small">{review.customerEmail}</span>}
          <span className="muted small">
            {review.productName} · {formatReviewDate(review.createdAt)}
            {review.location ? ` · ${review.location}` : ''}
          </span>
        </div>
        <div className="rv-item-badges">
          <Badge tone={STATUS_TONE[review.status]}>{REVIEW_STATUS_LABELS[review.status]}</Badge>
          {review.isVerifiedPurchase && <Badge tone="success">✓ Compra verificada</Badge>}
          {review.verificationRevokedAt && <Badge tone="neutral">Pedido cancelado/reembolsado</Badge>}
          {review.source === 'MERCHANT' && <Badge tone="info">Adicionada pela loja</Badge>}
          {review.reportCount > 0 && <Badge tone="danger">Denunciada {review.reportCount}×</Badge>}
        </div>
      </header>
      <Stars rating={review.rating} size="sm" />
      <h3 className="rv-item-title">{review.title}</h3>
      <p className="rv-item-comment">{review.comment}</p>
      <p className="muted small">
        {review.helpfulVotes} {review.helpfulVotes === 1 ? 'pessoa achou útil' : 'pessoas acharam útil'}
      </p>

      {editingNotes ? (
        <div className="stack">
          <Textarea
            label="Observações da moderação"
            value={notes}
            maxLength={REVIEW_LIMITS.notes}
            rows={2}
            onChange={(e) => setNotes(e.target.value)}
          />
          <div className="row">
            <Button size="sm" onClick={() => void saveNotes()} loading={update.isPending}>
              Salvar observações
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditingNotes(false)}>
              Cancelar
            </Button>
          </div>
        </div>
      ) : (
        review.moderatorNotes && (
          <p className="rv-item-notes small">
            <NotebookPen size={14} aria-hidden /> {review.moderatorNotes}
          </p>
        )
      )}

      <footer className="rv-item-actions">
        {moderationTargets(review.status).map((to) => {
          const a = ACTION[to as Exclude<ReviewStatus, 'PENDING'>]
          return (
            <Button
              key={to}
              size="sm"
              variant={a.variant}
              loading={moderate.isPending && moderate.variables?.input.status === to}
              disabled={moderate.isPending}
              onClick={() => void run(to as Exclude<ReviewStatus, 'PENDING'>)}
            >
              {a.label}
            </Button>
          )
        })}
        {!editingNotes && (
          <Button size="sm" variant="ghost" onClick={() => setEditingNotes(true)}>
            {review.moderatorNotes ? 'Editar observações' : 'Adicionar observações'}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => onDelete(review)}>
          Excluir
        </Button>
      </footer>
    </article>
  )
}
