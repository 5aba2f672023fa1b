import { useEffect } from 'react'
import { formatDate } from '../../../../shared/dates'
import { formatBRL } from '../../../../shared/money'
import { LONG_TOAST, toast } from '../../../lib/toast'
import { Badge, Button, EmptyState, Loading, Modal, StatCard } from '../../../ui'
import { type UserStoreDetails, useUserDetails } from '../api/get-user-details'
import { RoleBadge } from './labels'

function StoreRow({ store }: { store: UserStoreDetails }) {
  const lastSale = store.lastSaleAt ?? store.recentOrders[0]?.createdAt
  return (
    <li className="detail-store">
      <div className="detail-store-head">
        <strong>{store.name}</strong>
        <Badge tone={store.status === 'ACTIVE' ? 'success' : 'neutral'}>
          {store.status === 'ACTIVE' ? 'Ativa' : 'Inativa'}
        </Badge>
      </div>
      <div className="detail-store-figures muted">
        <span>{store.productCount ?? store.products.length} produtos</span>
        <span>{store.totalOrders} pedidos</span>
        <span>{formatBRL(store.totalRevenue)}</span>
        <span>Última venda: {lastSale ? formatDate(lastSale) : 'Nenhuma'}</span>
      </div>
      {store.products.length > 0 && (
        <ul className="detail-products">
          {store.products.slice(0, 3).map((p) => (
            <li key={p.id}>
              <span className="truncate">{p.name}</span>
              <span>{formatBRL(p.price)}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

/** 'Detalhes do Usuário' from GET /api/admin/users/:id. */
export function UserDetailsModal({ userId, onClose }: { userId: string | null; onClose(): void }) {
  const { data, isPending, isError } = useUserDetails(userId)

  useEffect(() => {
    if (isError) {
      toast.error('Erro ao carregar detalhes do usuário', LONG_TOAST)
      onClose()
    }
  }, [isError, onClose])

  return (
    <Modal
      open={!!userId}
      onClose={onClose}
      title="Detalhes do Usuário"
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
      }
    >
      {isPending || !data ? (
        <Loading message="Carregando detalhes..." />
      ) : (
        <div className="stack">
          <div className="detail-user">
            <span className="avatar avatar-lg" aria-hidden>
              {(data.user.name || data.user.email).trim()[0]?.toUpperCase()}
            </span>
            <div>
              <h3>{data.user.name}</h3>
              <p className="muted">{data.user.email}</p>
              <div className="row detail-user-meta">
                <RoleBadge role={data.user.role} />
                <span className="muted">Membro desde {formatDate(data.user.createdAt)}</span>
              </div>
            </div>
          </div>
          <div className="grid grid-4">
            <StatCard label="Receita Total" value={formatBRL(data.summary.totalRevenue)} />
            <StatCard label="Pedidos" value={data.summary.totalOrders} />
            <StatCard label="Produtos" value={data.summary.totalProducts} />
            <StatCard label="Ticket Médio" value={formatBRL(data.summary.averageOrderValue)} />
          </div>
          <h3>Lojas ({data.stores.length})</h3>
          {data.stores.length === 0 ? (
            <EmptyState title="Nenhuma loja" description="Este usuário ainda não criou lojas." />
          ) : (
            <ul className="plain-list">
              {data.stores.map((s) => (
                <StoreRow key={s.id} store={s} />
              ))}
            </ul>
          )}
        </div>
      )}
    </Modal>
  )
}
