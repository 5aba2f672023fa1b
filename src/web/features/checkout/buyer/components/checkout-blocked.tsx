import type { ReactElement } from 'react'
import type { PublicProduct } from '../../../../../shared/catalog'
import type { PublicCustomization } from '../../../../../shared/checkout'
import type { Blocker } from '../hooks/use-checkout-base'
import { CheckoutShell } from './checkout-shell'
import type { IconProps } from './icons'
import { OrderSummary } from './order-summary'
import { CardIcon } from './payment-icons'
import { BoxOffIcon } from './state-icons'

const TEXTS: Record<Blocker, { icon: (p: IconProps) => ReactElement; title: string; message: string }> = {
  soldOut: {
    icon: BoxOffIcon,
    title: 'Produto esgotado',
    message: 'Este produto não tem estoque no momento. Volte mais tarde ou fale com a loja.',
  },
  noPayments: {
    icon: CardIcon,
    title: 'Métodos de pagamento indisponíveis',
    message: 'Nenhum método de pagamento disponível para esta loja. Entre em contato com o suporte.',
  },
}

/** The first screen when the buyer cannot buy: said before any field is typed, in the store's look. */
export function CheckoutBlocked({
  blocker,
  product,
  customization,
  title,
}: {
  blocker: Blocker
  product: PublicProduct
  customization: PublicCustomization | undefined
  title: string
}) {
  const t = TEXTS[blocker]
  return (
    <CheckoutShell customization={customization} title={title}>
      <div className="ck-layout">
        <OrderSummary product={product} digital={product.type === 'DIGITAL'} total={product.price} />
        <div className="ck-main">
          <section className="ck-card ck-blocked" role="alert" data-testid="checkout-blocked">
            <div className="ck-state-icon" aria-hidden>
              <t.icon size={40} />
            </div>
            <h2 className="ck-confirmation-title">{t.title}</h2>
            <p className="ck-muted">{t.message}</p>
          </section>
        </div>
      </div>
    </CheckoutShell>
  )
}
