import { formatDateTime } from '../../../../shared/dates'
import { formatBRL } from '../../../../shared/money'
import type { Sale } from '../../../../shared/sales'
import { Button, Table, TableMessage, Td, Th } from '../../../ui'
import { SaleStatusBadge } from './sale-status-badge'

const itemsText = (sale: Sale) => sale.items.map((i) => `${i.quantity}x ${i.name}`).join(', ')

export function SalesTable({ sales, onView }: { sales: Sale[]; onView: (sale: Sale) => void }) {
  return (
    <Table aria-label="Vendas">
      <thead>
        <tr>
          <Th>Pedido</Th>
          <Th>Data</Th>
          <Th>Cliente</Th>
          <Th>Loja</Th>
          <Th>Itens</Th>
          <Th>Total</Th>
          <Th>Pagamento</Th>
          <Th>Status</Th>
          <Th aria-label="Ações" />
        </tr>
      </thead>
      <tbody>
        {sales.length === 0 ? (
          <TableMessage colSpan={9}>Nenhuma venda para exibir na tabela.</TableMessage>
        ) : (
          sales.map((sale) => (
            <tr key={sale.id} data-sale-id={sale.id}>
              <Td className="sales-nowrap">{sale.orderNumber}</Td>
              <Td className="sales-nowrap">{formatDateTime(sale.date)}</Td>
              <Td>
                <span className="sales-block">{sale.customerName}</span>
                <span className="sales-block muted sales-small">{sale.customerEmail}</span>
              </Td>
              <Td className="sales-nowrap">{sale.storeName}</Td>
              <Td className="sales-small sales-items-cell">{itemsText(sale)}</Td>
              <Td className="sales-nowrap">{formatBRL(sale.totalAmount)}</Td>
              <Td className="sales-nowrap">{sale.paymentMethod}</Td>
              <Td>
                <SaleStatusBadge status={sale.status} />
              </Td>
              <Td>
                <Button size="sm" variant="secondary" onClick={() => onView(sale)}>
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
