import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Check, Hourglass, X } from 'lucide-react'
import { lazy, Suspense, useEffect, useState } from 'react'
import type { PublicCustomization } from '../../../../shared/checkout'
import { formatBRL } from '../../../../shared/money'
import type { OrderPage as OrderPageData } from '../../../../shared/order-page'
import { PAID_STATUSES, paymentMethodLabel } from '../../../../shared/ordering-rules'
import { ApiError } from '../../../lib/api'
import { Alert, Spinner } from '../../../ui/feedback'
import { loadOfferBlock } from '../../funnels'
import { loadUpsellRedirect } from '../../marketing'
import { loadLeaveReview } from '../../reviews'
import { useCustomization } from './api/get-customization'
import { orderPageQuery, renewPix, useOrderPage } from './api/get-order-page'
import { CheckoutShell, StoreLogo, textsOf } from './components/checkout-shell'
import { CheckoutLoading, NotFoundState } from './components/page-states'
import { BoletoPanel } from './order/boleto-panel'
import { OrderItems } from './order/order-items'
import { PaidBlock } from './order/paid-block'
import { PixPanel } from './order/pix-panel'
import { ShipmentTracking } from './order/shipment-tracking'
import { trackPaidOrder } from './tracking'
import './checkout.css'
import './order/order-page.css'
import { useBuyerParams, useBuyerSearchParams } from './nav/buyer-nav'

// reviews: the buyer's 'Avalie sua compra', loaded only for a paid order.
const LeaveReview = lazy(loadLeaveReview)
// marketing: the store's post-purchase link; it redirects only once the order is paid.
const UpsellRedirect = lazy(loadUpsellRedirect)
// funnels: the one-tap offer of a paid order (its own chunk); when one is on, the post-purchase redirect stays off.
const OfferBlock = lazy(loadOfferBlock)
// subscriptions: the PIX Automático QR (issue 36), in the plans chunk, for an order placed on such a plan.
const PixAutomaticPanel = lazy(() =>
  import('./plans/pix-automatic-panel').then((m) => ({ default: m.PixAutomaticPanel })),
)

export const AWAITING_TITLE = 'Pedido recebido! Pague para confirmar'
const RENEW_FAILED = 'Não foi possível gerar um novo código. Tente novamente.'

/**
 * /pedido/:orderId?t=<token> — the buyer's order page, reached right after the order is created (history replace)
 * and from any reload, share or return from the bank app: thank-you, order number, items, how to pay (PIX with its
 * real expiry and 'Gerar novo código', boleto, card result), polled every 3 s until paid, then the access of a
 * digital product. The merchant's thank-you title and message show only once the order is paid.
 */
export default function OrderPage() {
  const { orderId = '' } = useBuyerParams()
  const search = useBuyerSearchParams()
  const token = search.get('t') ?? ''
  const page = useOrderPage(orderId, token)
  const customization = useCustomization(page.data?.order.storeId)

  if (!token || page.isError) return <OrderNotFound />
  if (page.isPending || (page.data && customization.isPending)) return <CheckoutLoading />
  return <OrderView data={page.data} orderId={orderId} token={token} customization={customization.data} />
}

function OrderView({
  data,
  orderId,
  token,
  customization,
}: {
  data: OrderPageData
  orderId: string
  token: string
  customization: PublicCustomization | undefined
}) {
  const queryClient = useQueryClient()
  const [offerState, setOfferState] = useState<'loading' | 'none' | 'active'>('loading')
  const { order, payment } = data
  const texts = textsOf(customization, order.productType)
  const paid = (PAID_STATUSES as readonly string[]).includes(order.status)
  const cancelled = order.status === 'CANCELLED' || order.status === 'REFUNDED'
  const pixExpired = payment?.method === 'PIX' && payment.status === 'EXPIRED' && order.status !== 'REFUNDED'
  const awaiting = !paid && (!cancelled || pixExpired)
  // The pixel's Purchase, once per order, when the order is seen paid (tracking.ts).
  useEffect(() => {
    if (paid) trackPaidOrder(order.id)
  }, [paid, order.id])
  const refresh = () => void queryClient.invalidateQueries({ queryKey: orderPageQuery(orderId, token).queryKey })

  const renew = useMutation({
    mutationFn: () => renewPix(orderId, token),
    onSuccess: (next) => queryClient.setQueryData(orderPageQuery(orderId, token).queryKey, next),
    onError: () => refresh(),
  })
  const renewError = renew.error ? (renew.error instanceof ApiError ? renew.error.message : RENEW_FAILED) : undefined

  const title = paid ? texts.thankYouTitle : awaiting ? AWAITING_TITLE : 'Pedido cancelado'
  const message = paid
    ? texts.thankYouMessage
    : awaiting
      ? 'Seu pedido está reservado. Assim que o pagamento for confirmado, avisaremos você por e-mail.'
      : 'Pagamento não aprovado ou expirado. Este pedido foi cancelado.'
  const methodLabel = paymentMethodLabel(order.paymentMethod)
  const pixAutomaticPlan = payment?.method === 'PIX' && awaiting ? data.pixAutomaticPlanId : undefined

  return (
    <CheckoutShell customization={customization} title={`Pedido ${order.orderNumber}`}>
      <div className="ck-layout ck-layout-done">
        <div className="ck-main">
          <section className="ck-card ck-confirmation" aria-live="polite" aria-labelledby="order-title">
            <div className="ck-confirmation-logo">
              <StoreLogo customization={customization} />
            </div>
            <div
              className={`ck-confirmation-icon ${paid ? '' : awaiting ? 'ck-icon-waiting' : 'ck-icon-cancelled'}`}
              aria-hidden
            >
              {paid ? <Check size={32} /> : awaiting ? <Hourglass size={30} /> : <X size={32} />}
            </div>
            <h2 id="order-title" className="ck-confirmation-title">
              {title}
            </h2>
            <p className="ck-muted">{message}</p>
            <p className="ck-order-number">
              Pedido <strong data-testid="order-number">{order.orderNumber}</strong>
            </p>
            <p className="ck-muted">
              Total: <strong>{formatBRL(order.total)}</strong> · {methodLabel}
            </p>
          </section>

          {paid && order.productType === 'PHYSICAL' && <ShipmentTracking orderId={orderId} token={token} />}
          {paid ? (
            <PaidBlock data={data} />
          ) : pixAutomaticPlan ? (
            <Suspense fallback={<Spinner size="sm" label="Carregando" />}>
              <PixAutomaticPanel
                {...{ orderId, token, planId: pixAutomaticPlan, customerName: order.customerName }}
                sandbox={Boolean(payment?.sandboxGatewayId)}
                onSimulated={refresh}
              />
            </Suspense>
          ) : payment?.method === 'PIX' && (awaiting || payment.canRenew) ? (
            <PixPanel
              code={payment.pixCode ?? ''}
              amount={order.total}
              customerName={order.customerName}
              expiresAt={payment.pixExpiresAt}
              expired={payment.status === 'EXPIRED'}
              renewal={{
                canRenew: payment.canRenew,
                renewing: renew.isPending,
                error: renewError,
                onRenew: () => renew.mutate(),
              }}
              sandboxGatewayId={payment.sandboxGatewayId}
              onSimulated={refresh}
            />
          ) : cancelled ? (
            <Alert tone="danger">Este pedido foi cancelado. Se você já pagou, entre em contato com a loja.</Alert>
          ) : payment?.method === 'BOLETO' ? (
            <BoletoPanel payment={payment} amount={order.total} />
          ) : payment?.method === 'CREDIT_CARD' ? (
            <section className="ck-card">
              <p>
                Cartão {payment.cardBrand ?? ''} final {payment.cardLast4 ?? '----'}
                {payment.installments ? ` · ${payment.installments}x` : ''}
              </p>
              <p className="ck-inline ck-muted">
                <Spinner size="sm" /> Pagamento em análise. Esta página se atualiza sozinha.
              </p>
            </section>
          ) : (
            <p className="ck-inline ck-muted">
              <Spinner size="sm" /> Aguardando a confirmação do pagamento...
            </p>
          )}
          {/* Other features mount here, one line each: the post-purchase upsell (once paid), leave-a-review. */}
          {/* marketing: the post-purchase upsell (countdown once paid; before that only a link under the payment box) */}
          {!cancelled && (
            <Suspense fallback={null}>
              <OfferBlock orderId={orderId} token={token} paid={paid} onState={setOfferState} />
            </Suspense>
          )}
          {!cancelled && (!paid || offerState === 'none') && (
            <Suspense fallback={null}>
              <UpsellRedirect
                storeId={order.storeId}
                orderId={orderId}
                paid={paid}
                // The page holds a digital access (the product's or a digital bump's): nothing leaves it on its own.
                digital={order.productType === 'DIGITAL' || Boolean(data.bumpAccess?.length)}
              />
            </Suspense>
          )}
          {/* reviews: 'Avalie sua compra' once the server hands a review token: a paid digital order, a delivered
              physical one (the 'Pedido entregue' e-mail brings the buyer here); lazy, verified by that token */}
          {paid && data.reviewToken && (
            <Suspense fallback={null}>
              <LeaveReview orderId={orderId} storeId={order.storeId} reviewToken={data.reviewToken} />
            </Suspense>
          )}
          {/* the buyer's area (BUYER_AREA_PATH in shared/ordering, written out to keep that module off this chunk) */}
          <p className="ck-muted">
            <a href="/minha-conta">Ver todas as minhas compras</a>
          </p>
        </div>
        <OrderItems order={order} />
      </div>
    </CheckoutShell>
  )
}

function OrderNotFound() {
  return (
    <NotFoundState title="Pedido não encontrado">
      <p>Confira se o link do pedido está completo, como foi enviado a você.</p>
    </NotFoundState>
  )
}
