import { Receipt } from 'lucide-react'
import { useNavigate } from 'react-router-dom'
import { formatDateTime } from '../../../../shared/dates'
import { formatBRL } from '../../../../shared/money'
import { hasSection, storePath, useStoreSections } from '../../../lib/sections'
import { useStores } from '../../../lib/store-context'
import { Badge, Button, Card, EmptyState } from '../../../ui'
import { firstItemName, orderStatusInfo, paymentMethodInfo, type RecentOrder } from '../model'

/**
 * 'Ver todas' leads to the orders page of a store the user may open: the order's own store when it is one of
 * theirs, else the selected (or first) store; with no such store or no orders page, the button is not shown.
 */
function useSeeAllTarget(orders: RecentOrder[]): string | undefined {
  const { stores, selectedStoreId } = useStores()
  const sections = useStoreSections()
  if (!hasSection(sections, 'orders') || !stores.length) return undefined
  const own = new Set(stores.map((s) => s.id))
  const fromOrder = orders.find((o) => o.storeId && own.has(o.storeId))?.storeId
  const id = fromOrder ?? (selectedStoreId && own.has(selectedStoreId) ? selectedStoreId : stores[0].id)
  return storePath(id, 'orders')
}

/** The admin's 'Ver todas' opens the platform's orders (every store's, with the store's name on each row). */
export const PLATFORM_ORDERS_PATH = '/admin/orders'

export function RecentTransactions({ orders, showStore }: { orders: RecentOrder[]; showStore: boolean }) {
  const navigate = useNavigate()
  const storeTarget = useSeeAllTarget(orders)
  const target = showStore ? PLATFORM_ORDERS_PATH : storeTarget
  return (
    <Card
      title="Transações Recentes"
      actions={
        target && (
          <Button size="sm" variant="ghost" onClick={() => navigate(target)}>
            Ver todas
          </Button>
        )
      }
    >
      {orders.length === 0 ? (
        <EmptyState icon={<Receipt />} title="Nenhuma transação recente" />
      ) : (
        <ul className="tx-list">
          {orders.map((o, i) => {
            const pay = paymentMethodInfo(o.paymentMethod)
            const status = orderStatusInfo(o.status, { chargeback: o.chargeback, refunded: o.refunded })
            return (
              <li key={o.id ?? `${o.createdAt}-${i}`} className="tx-item">
                <span className="tx-icon" title={pay.label} role="img" aria-label={pay.label}>
                  <pay.icon size={18} aria-hidden />
                </span>
                <div className="tx-main">
                  <strong className="truncate">{firstItemName(o)}</strong>
                  <span className="muted">
                    {showStore && o.storeName ? `${o.storeName} · ` : ''}
                    {formatDateTime(o.createdAt)}
                  </span>
                </div>
                <div className="tx-side">
                  <strong>{formatBRL(o.total)}</strong>
                  <Badge tone={status.tone}>{status.label}</Badge>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </Card>
  )
}
