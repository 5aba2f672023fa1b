import { Download, Package } from 'lucide-react'
import type { PublicProduct } from '../../../../../shared/catalog'
import { formatBRL } from '../../../../../shared/money'
import type { Quote } from '../../../../../shared/quote'

export interface SummaryShipping {
  name: string
  price: number
  isFree: boolean
  originalPrice?: number
}

/** marketing: an order bump the buyer added, at its server-computed price. */
export interface SummaryBump {
  id: string
  title: string
  finalPrice: number
}

/** Product image and name, subtotal, shipping (physical), additional products, total — quantity is always 1. */
export function OrderSummary({
  product,
  shipping,
  digital,
  bumps = [],
  quote,
}: {
  product: PublicProduct
  shipping?: SummaryShipping | null
  digital?: boolean
  bumps?: SummaryBump[]
  /** At the payment step: the server's figures, with the discount and interest lines. */
  quote?: Quote
}) {
  const shippingCost = shipping && !shipping.isFree ? shipping.price : 0
  const total = quote?.total ?? product.price + shippingCost + bumps.reduce((sum, b) => sum + b.finalPrice, 0)
  return (
    <aside id="ck-summary" className="ck-card ck-summary" aria-label="Resumo do pedido">
      <h2 className="ck-card-title">Resumo do pedido</h2>
      <div className="ck-summary-product">
        {product.imageUrl ? (
          <img src={product.imageUrl} alt={product.name} className="ck-summary-image" />
        ) : (
          <div className="ck-summary-image ck-summary-placeholder" aria-hidden>
            {digital ? <Download size={28} /> : <Package size={28} />}
          </div>
        )}
        <div>
          <p className="ck-summary-name">{product.name}</p>
          <p className="ck-muted">Quantidade: 1</p>
        </div>
      </div>
      <dl className="ck-summary-lines">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatBRL(product.price)}</dd>
        </div>
        {!digital && (
          <div>
            <dt>Frete{shipping ? ` (${shipping.name})` : ''}</dt>
            <dd>
              {!shipping ? (
                <span className="ck-muted">Calculado na entrega</span>
              ) : shipping.isFree ? (
                <span className="ck-free">GRÁTIS</span>
              ) : (
                formatBRL(shipping.price)
              )}
            </dd>
          </div>
        )}
        {bumps.length > 0 && (
          <div className="ck-summary-bumps" data-testid="summary-bumps">
            <dt>Produtos adicionais</dt>
            <dd>
              {bumps.map((b) => (
                <span key={b.id} className="ck-summary-bump" style={{ display: 'block' }}>
                  {b.title}: {formatBRL(b.finalPrice)}
                </span>
              ))}
            </dd>
          </div>
        )}
        {quote && quote.couponDiscount > 0 && (
          <div className="ck-summary-discount" data-testid="summary-coupon">
            <dt>Cupom{quote.coupon ? ` ${quote.coupon.code.toUpperCase()}` : ''}</dt>
            <dd>−{formatBRL(quote.couponDiscount)}</dd>
          </div>
        )}
        {quote && quote.methodDiscount > 0 && (
          <div className="ck-summary-discount" data-testid="summary-method-discount">
            <dt>Desconto no pagamento</dt>
            <dd>−{formatBRL(quote.methodDiscount)}</dd>
          </div>
        )}
        {quote && quote.interest > 0 && (
          <div data-testid="summary-interest">
            <dt>Juros ({quote.installments}x)</dt>
            <dd>{formatBRL(quote.interest)}</dd>
          </div>
        )}
        <div className="ck-summary-total">
          <dt>Total</dt>
          <dd data-testid="summary-total">{formatBRL(total)}</dd>
        </div>
      </dl>
    </aside>
  )
}

/**
 * On a phone the full summary sits under the form, so the first field and button stay above the fold; this one
 * line at the top keeps the product and the total in sight.
 */
export function SummaryBar({ product, total }: { product: PublicProduct; total: number }) {
  return (
    <a className="ck-summary-bar" href="#ck-summary" data-testid="summary-bar">
      <span className="ck-summary-bar-name">{product.name}</span>
      {/* The figure includes shipping and bumps: it is named as the total, not put beside the product's name. */}
      <span className="ck-summary-bar-total">
        <span className="ck-summary-bar-label">Total</span> <strong>{formatBRL(total)}</strong>
      </span>
    </a>
  )
}
