import { Package } from 'lucide-react'
import { Fragment, useEffect, useState } from 'react'
import { formatDateTime } from '../../../../shared/dates'
import { formatBRL } from '../../../../shared/money'
import type { StoreOrder } from '../../../../shared/ordering'
import { paymentMethodLabel } from '../../../../shared/ordering-rules'
import { Alert, Button, Modal } from '../../../ui'
import { OrderDownloads } from './order-downloads'
import { RefundSection } from './refund-section'
import { ShipmentSection } from './shipment-section'
import { OrderStatusBadge } from './status-badge'

const cpf = (d: string) => (d.length === 11 ? d.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4') : d)
const phone = (d: string) =>
  d.length === 11 ? d.replace(/(\d{2})(\d{5})(\d{4})/, '($1) $2-$3') : d.replace(/(\d{2})(\d{4})(\d{4})/, '($1) $2-$3')
const cep = (d: string) => (d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : d)

/** Prints only the open order: the print stylesheet hides the page while body has this class. */
function printOrder() {
  document.body.classList.add('printing-order')
  const done = () => {
    document.body.classList.remove('printing-order')
    window.removeEventListener('afterprint', done)
  }
  window.addEventListener('afterprint', done)
  window.print()
  // Browsers without afterprint return from print() when the dialog closes.
  setTimeout(done, 1000)
}

export function OrderDetailModal({
  order,
  storeId,
  onClose,
}: {
  order: StoreOrder | null
  storeId: string
  onClose: () => void
}) {
  useEffect(() => () => document.body.classList.remove('printing-order'), [])
  // A whole refund made here shows at once, before the orders list is read again.
  const [refundedHere, setRefundedHere] = useState<string | null>(null)
  if (!order) return null
  const status = refundedHere === order.id ? 'REFUNDED' : order.status
  const a = order.shippingAddress
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={`Pedido ${order.orderNumber}`}
      footer={
        <>
          <Button variant="secondary" onClick={printOrder}>
            Imprimir Pedido
          </Button>
          <Button onClick={onClose}>Fechar</Button>
        </>
      }
    >
      <div className="order-detail">
        <div className="order-detail-head">
          <OrderStatusBadge status={status} chargeback={order.chargeback} refunded={order.refunded} />
          <span className="muted">{formatDateTime(order.createdAt)}</span>
        </div>
        {order.paidAfterCancel && (
          <Alert tone="warning">
            <strong>Pago após o cancelamento</strong> em {formatDateTime(order.paidAfterCancel.at)}
            {order.paidAfterCancel.transactionId ? ` (transação ${order.paidAfterCancel.transactionId})` : ''}. O pedido
            continua cancelado e o estoque não foi reservado de novo: reembolse o comprador pelo AtivoPay ou, se
            preferir, atenda o pedido combinando o envio com ele.
          </Alert>
        )}
        {order.status === 'REFUNDED' && order.chargeback && (
          <Alert tone="danger">
            <strong>Chargeback</strong>: o comprador contestou a compra junto à operadora do cartão e o valor foi
            estornado. Não é um reembolso feito pela loja.
          </Alert>
        )}
        <section>
          <h3>Cliente</h3>
          <dl className="order-dl">
            <dt>Nome</dt>
            <dd>{order.customerName}</dd>
            <dt>E-mail</dt>
            <dd>{order.customerEmail}</dd>
            <dt>Telefone</dt>
            <dd>{phone(order.customerPhone)}</dd>
            <dt>CPF/CNPJ</dt>
            <dd>{cpf(order.customerDocument)}</dd>
          </dl>
        </section>
        <section>
          <h3>Pagamento</h3>
          <dl className="order-dl">
            <dt>Forma</dt>
            <dd>
              {paymentMethodLabel(order.paymentData.method)}
              {order.paymentData.installments && order.paymentData.installments > 1
                ? ` em ${order.paymentData.installments}x`
                : ''}
            </dd>
            <dt>Transação</dt>
            <dd className="order-break">{order.transactionId ?? '--'}</dd>
            <dt>Pago em</dt>
            <dd>{order.paidAt ? formatDateTime(order.paidAt) : '--'}</dd>
          </dl>
        </section>
        {a && (
          <section>
            <h3>Endereço de entrega</h3>
            <p>
              {a.street}, {a.number}
              {a.complement ? ` - ${a.complement}` : ''}
            </p>
            <p>
              {a.neighborhood ? `${a.neighborhood} - ` : ''}
              {a.city}/{a.state} · CEP {cep(a.zipCode)}
            </p>
          </section>
        )}
        <section>
          <h3>Entrega</h3>
          {order.productType === 'DIGITAL' ? (
            <>
              <p>Produto digital: acesso liberado ao comprador após o pagamento.</p>
              <OrderDownloads storeId={storeId} orderId={order.id} />
            </>
          ) : (
            <dl className="order-dl">
              <dt>Método</dt>
              <dd>{order.shippingMethod ?? '--'}</dd>
              <dt>Prazo</dt>
              <dd>{order.estimatedDelivery ?? '--'}</dd>
            </dl>
          )}
        </section>
        <section>
          <h3>Itens</h3>
          <ul className="order-items">
            {order.items.map((item) => (
              <li key={item.product.id + item.quantity}>
                {item.product.imageUrl ? (
                  <img src={item.product.imageUrl} alt="" className="order-item-image" />
                ) : (
                  <span className="order-item-image order-item-placeholder" aria-hidden>
                    <Package size={20} />
                  </span>
                )}
                <span className="order-item-name">
                  {item.quantity}x {item.product.name}
                  {item.bumpId && <span className="muted"> · Order bump</span>}
                </span>
                <span>{formatBRL(item.price)}</span>
              </li>
            ))}
          </ul>
          <dl className="order-totals">
            <dt>Subtotal</dt>
            <dd>{formatBRL(order.subtotal)}</dd>
            <dt>Frete</dt>
            <dd>{order.shippingCost ? formatBRL(order.shippingCost) : 'Grátis'}</dd>
            {order.couponDiscount ? (
              <>
                <dt>Cupom {order.couponCode}</dt>
                <dd data-testid="order-coupon-discount">−{formatBRL(order.couponDiscount)}</dd>
              </>
            ) : null}
            {order.methodDiscount ? (
              <>
                <dt>Desconto {order.paymentMethod === 'PIX' ? 'no PIX' : 'no boleto'}</dt>
                <dd data-testid="order-method-discount">−{formatBRL(order.methodDiscount)}</dd>
              </>
            ) : null}
            {order.interest ? (
              <>
                <dt>Juros ({order.paymentData.installments}x)</dt>
                <dd data-testid="order-interest">{formatBRL(order.interest)}</dd>
              </>
            ) : null}
            <dt>Total</dt>
            <dd>
              <strong>{formatBRL(order.total)}</strong>
            </dd>
          </dl>
        </section>
        {Object.keys(order.tracking ?? {}).length > 0 && (
          <section>
            <h3>Origem da venda</h3>
            <dl className="order-dl order-break" data-testid="order-tracking">
              {Object.entries(order.tracking).map(([key, value]) => (
                <Fragment key={key}>
                  <dt>{key}</dt>
                  <dd>{value}</dd>
                </Fragment>
              ))}
            </dl>
          </section>
        )}
        <ShipmentSection storeId={storeId} order={{ ...order, status }} />
        <RefundSection
          storeId={storeId}
          order={{ ...order, status }}
          onRefunded={(whole) => whole && setRefundedHere(order.id)}
        />
        <section>
          <h3>Observações</h3>
          <p className="muted">{order.notes || 'Nenhuma observação.'}</p>
        </section>
      </div>
    </Modal>
  )
}
