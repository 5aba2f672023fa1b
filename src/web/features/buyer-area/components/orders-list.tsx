import type { BuyerOrders } from '../../../../shared/buyers'
import { formatDate } from '../../../../shared/dates'
import { formatBRL } from '../../../../shared/money'

/** 'Minhas compras': every order placed with the e-mail, in every store; the order's own page holds the details. */
export function OrdersList({ orders }: { orders: BuyerOrders['orders'] }) {
  if (orders.length === 0) return <p className="muted">Nenhum pedido encontrado.</p>
  return (
    <ul className="ba-list" data-testid="buyer-orders">
      {orders.map((o) => (
        <li key={o.id} className="ba-card">
          <div className="ba-card-head">
            <strong>{o.storeName}</strong>
            <span className={`ba-status ba-status-${o.status.toLowerCase()}`}>{o.statusLabel}</span>
          </div>
          <p className="ba-items">
            {o.items.map((i) => (i.quantity > 1 ? `${i.quantity}× ${i.name}` : i.name)).join(', ')}
          </p>
          <div className="ba-card-foot">
            <span className="muted">
              Pedido {o.orderNumber} · {formatDate(o.createdAt)}
            </span>
            <strong>{formatBRL(o.total)}</strong>
          </div>
          {o.refunded > 0 && <p className="muted">Reembolsado: {formatBRL(o.refunded)}</p>}
          {o.shipment && (
            // The tracking of a parcel on its way, here as on the order's page: the buyer needs no second click.
            <p className="ba-tracking" data-testid="buyer-area-tracking">
              <span>
                {o.shipment.statusLabel} · {o.shipment.carrier}
              </span>
              {o.shipment.trackingCode &&
                (o.shipment.trackingUrl ? (
                  <a href={o.shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                    Rastrear {o.shipment.trackingCode}
                  </a>
                ) : (
                  <span>Código de rastreio: {o.shipment.trackingCode}</span>
                ))}
            </p>
          )}
          <a className="btn btn-secondary btn-sm" href={o.pageUrl}>
            Ver pedido
          </a>
        </li>
      ))}
    </ul>
  )
}
