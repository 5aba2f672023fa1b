import { formatBRL } from '../../../../../shared/money'
import type { OrderPage } from '../../../../../shared/order-page'
import { methodDiscountLabel } from '../../../../../shared/pricing'
import { BoxIcon, DownloadIcon } from '../components/icons'

const qty = new Intl.NumberFormat('pt-BR')

/** What the order holds, as the server priced it: every line (order bumps included), shipping and total. */
export function OrderItems({ order }: { order: OrderPage['order'] }) {
  return (
    <aside className="ck-card ck-summary ck-order-items" aria-label="Resumo do pedido">
      <h2 className="ck-card-title">Resumo do pedido</h2>
      <ul className="plain-list ck-order-lines">
        {order.items.map((item, i) => (
          // Lines have no id of their own on this page; their order is stable.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={i} className="ck-summary-product">
            {item.imageUrl ? (
              <img src={item.imageUrl} alt="" className="ck-summary-image" />
            ) : (
              <div className="ck-summary-image ck-summary-placeholder" aria-hidden>
                {order.productType === 'DIGITAL' ? <DownloadIcon size={28} /> : <BoxIcon size={28} />}
              </div>
            )}
            <div>
              <p className="ck-summary-name">{item.name}</p>
              <p className="ck-muted">
                Quantidade: {qty.format(item.quantity)} · {formatBRL(item.total)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <dl className="ck-summary-lines">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatBRL(order.subtotal)}</dd>
        </div>
        {order.productType === 'PHYSICAL' && (
          <div>
            <dt>Frete{order.shippingMethod ? ` (${order.shippingMethod})` : ''}</dt>
            <dd>{order.shippingCost > 0 ? formatBRL(order.shippingCost) : <span className="ck-free">GRÁTIS</span>}</dd>
          </div>
        )}
        {order.couponDiscount ? (
          <div className="ck-summary-discount">
            <dt>Cupom {order.couponCode}</dt>
            <dd>−{formatBRL(order.couponDiscount)}</dd>
          </div>
        ) : null}
        {order.methodDiscount ? (
          <div className="ck-summary-discount">
            <dt>{methodDiscountLabel(order.paymentMethod === 'BOLETO' ? 'BOLETO' : 'PIX')}</dt>
            <dd>−{formatBRL(order.methodDiscount)}</dd>
          </div>
        ) : null}
        {order.interest ? (
          <div>
            <dt>Juros do parcelamento</dt>
            <dd>{formatBRL(order.interest)}</dd>
          </div>
        ) : null}
        <div className="ck-summary-total">
          <dt>Total</dt>
          <dd data-testid="summary-total">{formatBRL(order.total)}</dd>
        </div>
      </dl>
    </aside>
  )
}
