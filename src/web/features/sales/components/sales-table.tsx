import { formatDateTime } from '../../../../shared/dates'
import { formatBRL } from '../../../../shared/money'
import type { Sale } from '../../../../shared/sales'
import { Button, Table, TableMessage, Td, Th } from '../../../ui'
import { SaleStatusBadge } from './sale-status-badge'

const itemsText = (sale: Sale) => sale.items.map((i) => `${i.quantity}x ${i.name}`).join(', ')

/**
 * Six columns that fit beside the sidebar at 1280 px: the date sits under the order number, the store above its
 * items, the payment method under the total; long names and e-mails are cut with the full text on hover.
 */
export function SalesTable({ sales, onView }: { sales: Sale[]; onView: (sale: Sale) => void }) {
  return (
    <Table aria-label="Vendas" className="sales-table" cards>
      <thead>
        <tr>
          <Th className="sales-order-col">Pedido</Th>
          <Th>Cliente</Th>
          <Th>Loja e itens</Th>
          <Th className="sales-total-col">Total</Th>
          <Th className="sales-status-col">Status</Th>
          <Th className="sales-actions-col">Ações</Th>
        </tr>
      </thead>
      <tbody>
        {sales.length === 0 ? (
          <TableMessage colSpan={6}>Nenhuma venda para exibir na tabela.</TableMessage>
        ) : (
          sales.map((sale) => (
            <tr key={sale.id} data-sale-id={sale.id}>
              <Td label="Pedido">
                <span className="sales-block sales-strong">{sale.orderNumber}</span>
                <span className="sales-block muted sales-small">{formatDateTime(sale.date)}</span>
              </Td>
              <Td label="Cliente">
                <span className="sales-block sales-cut" title={sale.customerName}>
                  {sale.customerName}
                </span>
                <span className="sales-block muted sales-small sales-cut" title={sale.customerEmail}>
                  {sale.customerEmail}
                </span>
              </Td>
              <Td label="Loja e itens">
                <span className="sales-block sales-cut" title={sale.storeName}>
                  {sale.storeName}
                </span>
                <span className="sales-block muted sales-small sales-cut" title={itemsText(sale)}>
                  {itemsText(sale)}
                </span>
              </Td>
              <Td label="Total">
                <span className="sales-block sales-nowrap">{formatBRL(sale.totalAmount)}</span>
                <span className="sales-block muted sales-small">{sale.paymentMethod}</span>
              </Td>
              <Td label="Status">
                <SaleStatusBadge sale={sale} />
              </Td>
              <Td label="Ações">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onView(sale)}
                  aria-label={`Ver venda ${sale.orderNumber}`}
                >
                  Ver
                </Button>
              </Td>
            </tr>
          ))
        )}
      </tbody>
    </Table>
  )
}
