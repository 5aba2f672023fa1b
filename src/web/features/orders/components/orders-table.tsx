import { formatDateTime } from '../../../../shared/dates'
import { formatBRL } from '../../../../shared/money'
import { paymentMethodLabel } from '../../../../shared/ordering-rules'
import { Badge, Button, Table, Td, Th } from '../../../ui'
import type { ListedOrder } from '../api/get-orders'
import { OrderStatusBadge } from './status-badge'

export function OrdersTable({
  orders,
  onView,
  showStore = false,
}: {
  orders: ListedOrder[]
  onView: (order: ListedOrder) => void
  /** The platform's list names each order's store. */
  showStore?: boolean
}) {
  return (
    <Table className="orders-table">
      <thead>
        <tr>
          <Th>Pedido</Th>
          {showStore && <Th>Loja</Th>}
          <Th>Cliente</Th>
          <Th>Status</Th>
          <Th>Pagamento</Th>
          <Th>Total</Th>
          <Th>Data</Th>
          <Th>Ações</Th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.id}>
            <Td data-label="Pedido">
              <span>
                <strong>{o.orderNumber}</strong>
                {o.transactionId && (
                  <span className="muted orders-small orders-block">{o.transactionId.slice(0, 8)}…</span>
                )}
              </span>
            </Td>
            {showStore && (
              <Td data-label="Loja" data-testid="order-store">
                {o.storeName}
              </Td>
            )}
            <Td data-label="Cliente">
              <span>
                <span className="orders-block">{o.customerName}</span>
                <span className="muted orders-small orders-block">{o.customerEmail}</span>
              </span>
            </Td>
            <Td data-label="Status">
              <OrderStatusBadge status={o.status} chargeback={o.chargeback} refunded={o.refunded} />
              {o.paidAfterCancel && <Badge tone="warning">Pago após cancelar</Badge>}
            </Td>
            <Td data-label="Pagamento">{paymentMethodLabel(o.paymentMethod)}</Td>
            <Td data-label="Total" className="orders-nowrap">
              {formatBRL(o.total)}
            </Td>
            <Td data-label="Data" className="orders-nowrap">
              {formatDateTime(o.createdAt)}
            </Td>
            <Td className="orders-actions">
              <Button size="sm" variant="secondary" onClick={() => onView(o)}>
                Ver
              </Button>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  )
}
