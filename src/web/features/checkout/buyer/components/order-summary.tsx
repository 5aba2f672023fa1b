import { useState } from 'react'
import type { PublicProduct } from '../../../../../shared/catalog'
import { formatBRL } from '../../../../../shared/money'
import type { CheckoutMethodId } from '../../../../../shared/ordering-rules'
import type { PublicPaymentMethods } from '../../../../../shared/payments'
import { discountBadge, longestPlanLabel, pixPriceLabel } from '../../../../../shared/pricing'
import type { Quote } from '../../../../../shared/quote'
import { adjustmentsOf, upFrontOf } from '../summary-figures'
import { BoxIcon, DownloadIcon } from './icons'

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

/**
 * 'Resumo do pedido': the product's image and name first, the lines (subtotal, shipping, bumps, coupon, the chosen
 * method's discount, the plan's interest), the total, and from the first step what paying by PIX costs and the
 * longest card plan. On a phone it sits at the top, folded to the product, the total and those two prices; on a
 * wide screen it is the column beside the form, always open.
 */
export function OrderSummary({
  product,
  shipping,
  digital,
  bumps = [],
  quote,
  methods,
  method,
  total,
}: {
  product: PublicProduct
  shipping?: SummaryShipping | null
  digital?: boolean
  bumps?: SummaryBump[]
  /** The server's figures for the cart on screen, once it answered (coupon, the method's discount, interest). */
  quote?: Quote
  /** The store's public payment methods: which ones it takes, their discounts and the card's rules. */
  methods?: PublicPaymentMethods
  method?: CheckoutMethodId
  /** The total the page charges (reais): the quote's, or the same pricing before it answers. */
  total: number
}) {
  const [open, setOpen] = useState(false)
  const shippingPrice = shipping && !shipping.isFree ? shipping.price : 0
  const upFront = methods ? upFrontOf({ product, shipping: shippingPrice, bumps }, methods, quote) : null
  const { discount, interest } = adjustmentsOf(quote, methods, method)
  const pixBadge = upFront?.pixCents != null ? discountBadge(upFront.pixDiscountBp) : null
  return (
    <aside
      id="ck-summary"
      className={`ck-card ck-summary ck-summary-fold${open ? ' ck-summary-open' : ''}`}
      aria-label="Resumo do pedido"
      data-testid="order-summary"
    >
      <div className="ck-summary-head">
        <h2 className="ck-card-title">Resumo do pedido</h2>
        {/* Only on a phone (CSS): a wide screen shows every line. */}
        <button
          type="button"
          className="ck-summary-toggle"
          aria-expanded={open}
          aria-controls="ck-summary-lines"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Ocultar detalhes' : 'Ver detalhes'}
        </button>
      </div>
      <div className="ck-summary-product">
        {product.imageUrl ? (
          <img src={product.imageUrl} alt="" className="ck-summary-image" width={64} height={64} />
        ) : (
          <div className="ck-summary-image ck-summary-placeholder" aria-hidden>
            {digital ? <DownloadIcon size={28} /> : <BoxIcon size={28} />}
          </div>
        )}
        <div className="ck-summary-what">
          <p className="ck-summary-name">{product.name}</p>
          <p className="ck-muted">Quantidade: 1</p>
        </div>
        {/* Folded on a phone, the total stays beside the product (the same figure as the Total line). */}
        <p className="ck-summary-peek" aria-hidden>
          {formatBRL(total)}
        </p>
      </div>
      <dl id="ck-summary-lines" className="ck-summary-lines">
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
                <span key={b.id} className="ck-summary-bump">
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
        {discount && (
          <div className="ck-summary-discount" data-testid="summary-method-discount">
            <dt>{discount.label}</dt>
            <dd>−{formatBRL(discount.amount)}</dd>
          </div>
        )}
        {interest && (
          <div data-testid="summary-interest">
            <dt>{interest.label}</dt>
            <dd>{formatBRL(interest.amount)}</dd>
          </div>
        )}
        <div className="ck-summary-total">
          <dt>Total</dt>
          <dd data-testid="summary-total">{formatBRL(total)}</dd>
        </div>
      </dl>
      {upFront && (upFront.pixCents != null || upFront.longestPlan) && (
        <p className="ck-upfront" data-testid="summary-upfront">
          {upFront.pixCents != null && (
            <span className="ck-upfront-pix" data-testid="summary-pix-price">
              <strong>{pixPriceLabel(upFront.pixCents)}</strong>
              {pixBadge && <span className="ck-method-badge ck-upfront-badge">{pixBadge}</span>}
            </span>
          )}
          {upFront.longestPlan && (
            <span className="ck-upfront-plan" data-testid="summary-plan">
              {upFront.pixCents != null
                ? longestPlanLabel(upFront.longestPlan)
                : longestPlanLabel(upFront.longestPlan).replace(/^ou /, 'Em ')}
            </span>
          )}
        </p>
      )}
    </aside>
  )
}
