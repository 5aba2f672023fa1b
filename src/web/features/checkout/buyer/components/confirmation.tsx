import { lazy, Suspense } from 'react'
import type { PublicCustomization } from '../../../../../shared/checkout'
import { formatBRL } from '../../../../../shared/money'
import type { OrderResult } from '../../../../../shared/ordering'
import { PAID_STATUSES, paymentMethodLabel } from '../../../../../shared/ordering-rules'
import { Alert, Spinner } from '../../../../ui'
import { useOrderStatus } from '../api/get-order-status'
import { type CheckoutTexts, StoreLogo } from './checkout-shell'

// The PIX screen (and its QR library) loads only when a PIX order is confirmed.
const PixPayment = lazy(() => import('../../../payments/components/PixPayment'))

/**
 * The last step: thank-you texts, order number, then how to pay (PIX code, 'Pagar Agora' link, boleto line) until
 * the order is paid. The status is polled every 3 s; once PAID the page shows 'Pagamento Confirmado' and, for a
 * digital product, the access link — without a reload.
 */
export function Confirmation({
  kind,
  texts,
  customization,
  result,
  customerName,
}: {
  kind: 'PHYSICAL' | 'DIGITAL'
  texts: CheckoutTexts
  customization: PublicCustomization | undefined
  result: OrderResult
  customerName: string
}) {
  const status = useOrderStatus(result.orderId)
  const order = status.data?.order
  const current = order?.status ?? result.status
  const paid = (PAID_STATUSES as readonly string[]).includes(current)
  const cancelled = current === 'CANCELLED' || current === 'REFUNDED'
  const pay = result.paymentResult
  const pixCode = result.qrCode ?? pay?.pixCode ?? null

  return (
    <section className="ck-card ck-confirmation" aria-live="polite">
      <div className="ck-confirmation-logo">
        <StoreLogo customization={customization} />
      </div>
      <div className="ck-confirmation-icon" aria-hidden>
        ✓
      </div>
      <h2 className="ck-confirmation-title">{texts.thankYouTitle}</h2>
      <p className="ck-muted">{texts.thankYouMessage}</p>
      <p className="ck-order-number">
        Pedido <strong data-testid="order-number">{result.orderNumber}</strong>
      </p>
      <p className="ck-muted">
        Total: <strong>{formatBRL(result.total)}</strong> ·{' '}
        {paymentMethodLabel(pay?.method === 'BOLETO' ? 'BANK_SLIP' : pay?.method)}
      </p>

      {paid ? (
        <div className="ck-paid" data-testid="payment-confirmed">
          <h3>✅ Pagamento Confirmado</h3>
          {kind === 'DIGITAL' ? (
            order?.digitalAccess ? (
              <>
                <p>Seu acesso ao produto {order.digitalAccess.productName} está liberado.</p>
                <a
                  className="btn btn-success btn-lg btn-block"
                  href={order.digitalAccess.url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Acessar Produto
                </a>
              </>
            ) : (
              <p className="ck-inline">
                <Spinner size="sm" /> Liberando seu acesso...
              </p>
            )
          ) : (
            <p>Recebemos seu pagamento. Você receberá as atualizações da entrega por e-mail.</p>
          )}
        </div>
      ) : cancelled ? (
        <Alert tone="danger">Pagamento não aprovado ou expirado. Este pedido foi cancelado.</Alert>
      ) : pixCode ? (
        <Suspense fallback={<Spinner size="lg" label="Carregando PIX" />}>
          <PixPayment
            amountReais={result.total}
            customerName={customerName}
            pixCode={pixCode}
            sandboxGatewayId={pay?.sandbox ? pay.gatewayId : undefined}
            onSimulated={() => void status.refetch()}
          />
        </Suspense>
      ) : (
        <div className="ck-pay-later">
          {pay?.boletoLine && (
            <div className="ck-info">
              <span className="field-label">Linha digitável do boleto</span>
              <code className="ck-code">{pay.boletoLine}</code>
            </div>
          )}
          {(result.paymentUrl ?? pay?.boletoUrl) && (
            <a
              className="btn btn-primary btn-lg btn-block"
              href={(result.paymentUrl ?? pay?.boletoUrl)!}
              target="_blank"
              rel="noopener noreferrer"
            >
              Pagar Agora
            </a>
          )}
          <p className="ck-inline ck-muted">
            <Spinner size="sm" /> Aguardando a confirmação do pagamento...
          </p>
        </div>
      )}
    </section>
  )
}
