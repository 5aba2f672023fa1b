import { Star } from 'lucide-react'
import { useState } from 'react'
import { useParams } from 'react-router-dom'
import { type OwnerReview, REVIEW_MESSAGES, type ReviewStatus } from '../../../shared/reviews'
import { ApiError } from '../../lib/api'
import { toast } from '../../lib/toast'
import { Alert, Button, ConfirmDialog, EmptyState, Loading, PageHeader, PageNav } from '../../ui'
import { useReviewOverview, useStoreReviews } from './api/get-reviews'
import { useDeleteReview } from './api/mutations'
import { AddReviewModal } from './components/add-review-modal'
import { ReviewItem } from './components/review-item'
import { ReviewStats } from './components/review-stats'
import './reviews.css'

type Filter = 'ALL' | ReviewStatus
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'ALL', label: 'Todas' },
  { value: 'PENDING', label: 'Pendentes' },
  { value: 'APPROVED', label: 'Aprovadas' },
  { value: 'FLAGGED', label: 'Sinalizadas' },
  { value: 'REJECTED', label: 'Rejeitadas' },
]

/** Avaliações (spec 002 §2.6): the store's figures, the moderation queue by status, and reviews added by hand. */
export default function ReviewsManagementPage() {
  const { storeId } = useParams()
  if (!storeId) return <Alert tone="danger">Loja não encontrada</Alert>
  return <ReviewsManagement key={storeId} storeId={storeId} />
}

function ReviewsManagement({ storeId }: { storeId: string }) {
  const [filter, setFilter] = useState<Filter>('ALL')
  const [page, setPage] = useState(1)
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<OwnerReview>()
  const overview = useReviewOverview(storeId)
  const list = useStoreReviews(storeId, page, filter === 'ALL' ? undefined : filter)
  const remove = useDeleteReview(storeId)

  const countOf = (f: Filter) =>
    overview.data ? (f === 'ALL' ? overview.data.allReviews : overview.data.byStatus[f]) : undefined
  const data = list.data?.data

  const confirmDelete = async () => {
    if (!deleting) return
    try {
      const res = await remove.mutateAsync(deleting.id)
      toast.success(res.message ?? REVIEW_MESSAGES.deleted)
      setDeleting(undefined)
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Erro ao excluir avaliação')
    }
  }

  return (
    <div className="stack">
      <PageHeader
        title="Avaliações"
        subtitle="Modere o que seus clientes escrevem sobre os produtos"
        actions={<Button onClick={() => setAdding(true)}>+ Adicionar avaliação</Button>}
      />
      {overview.isLoading ? (
        <Loading message="Carregando estatísticas..." />
      ) : overview.data ? (
        <ReviewStats stats={overview.data} />
      ) : (
        <Alert tone="danger">Erro ao carregar estatísticas das avaliações</Alert>
      )}

      <div className="rv-filters" role="group" aria-label="Filtrar por situação">
        {FILTERS.map((f) => (
          <Button
            key={f.value}
            size="sm"
            variant={filter === f.value ? 'primary' : 'secondary'}
            aria-pressed={filter === f.value}
            onClick={() => {
              setFilter(f.value)
              setPage(1)
            }}
          >
            {f.label}
            {countOf(f.value) !== undefined && <span className="rv-count">{countOf(f.value)}</span>}
          </Button>
        ))}
      </div>

      {list.isLoading ? (
        <Loading message="Carregando avaliações..." />
      ) : list.isError ? (
        <Alert tone="danger">Erro ao carregar avaliações</Alert>
      ) : !data || data.reviews.length === 0 ? (
        <EmptyState
          icon={<Star />}
          title={filter === 'ALL' ? 'Nenhuma avaliação ainda' : 'Nenhuma avaliação nesta situação'}
          description="As avaliações chegam pela página do pedido dos seus compradores e pelo checkout."
        />
      ) : (
        <div className="stack" data-testid="review-list">
          {data.reviews.map((r) => (
            <ReviewItem key={r.id} storeId={storeId} review={r} onDelete={setDeleting} />
          ))}
          {data.totalPages > 1 && (
            <PageNav
              className="rv-pager"
              label="Páginas"
              hasPrevious={page > 1}
              hasNext={page < data.totalPages}
              onPrevious={() => setPage(page - 1)}
              onNext={() => setPage(page + 1)}
            >
              <span className="muted small">
                Página {data.page} de {data.totalPages} · {data.total} avaliações
              </span>
            </PageNav>
          )}
        </div>
      )}

      <AddReviewModal storeId={storeId} open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Excluir avaliação"
        message={`Tem certeza que deseja excluir a avaliação de ${deleting?.customerName ?? ''}? Esta ação não pode ser desfeita.`}
        confirmLabel="Excluir"
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(undefined)}
      />
    </div>
  )
}
