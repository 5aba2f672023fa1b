import { CircleCheck } from 'lucide-react'
import type { OrderPage } from '../../../../../shared/order-page'

/** 'Pagamento Confirmado', the card used, and for a digital product its access link (signed, expiring). */
export function PaidBlock({ data }: { data: OrderPage }) {
  const { order, payment, digitalAccess, bumpAccess } = data
  return (
    <div className="ck-paid" data-testid="payment-confirmed">
      <h3>
        <CircleCheck size={20} aria-hidden /> Pagamento Confirmado
      </h3>
      {payment?.method === 'CREDIT_CARD' && (
        <p>
          Cartão {payment.cardBrand ?? ''} final {payment.cardLast4 ?? '----'}
          {payment.installments && payment.installments > 1 ? ` em ${payment.installments}x` : ' à vista'}
        </p>
      )}
      {order.productType === 'DIGITAL' ? (
        digitalAccess ? (
          <>
            <p>Seu acesso ao produto {digitalAccess.productName} está liberado.</p>
            {digitalAccess.inArea && (
              <p>Os arquivos ficam na sua área de compras: entre com o seu e-mail para baixá-los.</p>
            )}
            <a
              className="btn btn-success btn-lg btn-block"
              href={digitalAccess.url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="digital-access"
            >
              {digitalAccess.inArea ? 'Acessar minha área' : 'Acessar Produto'}
            </a>
          </>
        ) : (
          <p>Liberando seu acesso...</p>
        )
      ) : (
        <p>
          Recebemos seu pagamento. Você receberá as atualizações da entrega por e-mail
          {order.estimatedDelivery ? ` (entrega em ${order.estimatedDelivery})` : ''}.
        </p>
      )}
      {/* marketing: digital products added as order bumps, delivered with the paid order */}
      {bumpAccess?.map((access) => (
        <a
          key={access.url}
          className="btn btn-success btn-block"
          href={access.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="bump-access"
        >
          Acessar {access.productName}
        </a>
      ))}
    </div>
  )
}
