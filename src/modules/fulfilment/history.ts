/**
 * The shipment's history lines the merchant reads under 'Envio' (shipment_events): what happened besides shipped and
 * delivered, written in the transaction of the change it tells.
 */
import type { ShipmentEventKind } from '../../shared/fulfilment'
import * as repo from './repository'
import type { DbOrTrx } from './tables'

export const HISTORY = {
  cancelled: (carrier: string, code: string | null) =>
    code
      ? `Etiqueta ${carrier} (código ${code}) cancelada. O valor volta à carteira do Melhor Envio em até 12 horas; o comprador será avisado por e-mail de que o código anterior não vale mais.`
      : `Etiqueta ${carrier} cancelada. O valor volta à carteira do Melhor Envio em até 12 horas.`,
  recovered:
    'A geração da etiqueta foi interrompida depois da compra no Melhor Envio: a etiqueta foi concluída e o pedido marcado como enviado.',
  notBought:
    'A geração da etiqueta foi interrompida antes da compra no Melhor Envio e nada foi cobrado. Gere a etiqueta novamente.',
  notPaid:
    'A geração da etiqueta foi interrompida antes do pagamento no Melhor Envio e nada foi cobrado. Gere a etiqueta novamente: o mesmo envio do carrinho será usado.',
  cancelResumed:
    'O cancelamento da etiqueta foi interrompido e o Melhor Envio não a cancelou: a etiqueta continua válida.',
} as const

export async function record(
  db: DbOrTrx,
  at: Date,
  e: { storeId: string; orderId: string; kind: ShipmentEventKind; message: string },
): Promise<void> {
  await repo.addShipmentEvent(db, {
    store_id: e.storeId,
    order_id: e.orderId,
    kind: e.kind,
    message: e.message,
    created_at: at,
  })
}
