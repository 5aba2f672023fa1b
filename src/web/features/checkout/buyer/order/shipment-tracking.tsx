import { Truck } from 'lucide-react'
import { useBuyerShipment } from '../api/get-shipment'

const dateOf = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(new Date(iso))

/** 'Entrega' on a paid physical order's page: once sent, the carrier, the tracking code and its link. */
export function ShipmentTracking({ orderId, token }: { orderId: string; token: string }) {
  const { data } = useBuyerShipment(orderId, token)
  const s = data?.shipment
  if (!s) return null
  return (
    <section className="ck-card" data-testid="buyer-shipment">
      <h3 className="ck-inline">
        <Truck size={20} aria-hidden /> {s.status === 'DELIVERED' ? 'Pedido entregue' : 'Pedido enviado'}
      </h3>
      <p>
        {s.statusLabel}
        {s.status === 'DELIVERED' && s.deliveredAt
          ? ` em ${dateOf(s.deliveredAt)}`
          : s.shippedAt
            ? ` em ${dateOf(s.shippedAt)}`
            : ''}{' '}
        · {s.carrier}
      </p>
      {s.trackingCode && (
        <p>
          Código de rastreio: <strong data-testid="buyer-tracking-code">{s.trackingCode}</strong>
        </p>
      )}
      {/* A size class of its own: .btn alone has no padding, and the link sat flush under the code at 390 px. */}
      {s.trackingUrl && (
        <a
          className="btn btn-secondary btn-lg btn-block"
          href={s.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          Rastrear pedido
        </a>
      )}
    </section>
  )
}
