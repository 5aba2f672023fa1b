import { expect } from 'vitest'
import { type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'

/** The label's sender, as the merchant fills it on the Melhor Envio card. */
export const SENDER = {
  name: 'Loja Teste',
  document: '52998224725',
  phone: '11987654321',
  email: 'loja@example.com',
  address: 'Rua Augusta',
  number: '100',
  district: 'Consolação',
  city: 'São Paulo',
  state: 'SP',
}

/**
 * What the fulfilment API tests share: a store connected to (the fake) Melhor Envio with a sized product, a paid
 * order choosing SEDEX (or the zone option), and the reads a test checks after shipping. `app()` is read at each call.
 */
export function fulfilmentFixtures(app: () => TestApp) {
  const ordering = orderingFixtures(app)
  const { post, shop, physicalOrder, sandbox, pageTokenOf } = ordering

  const shipmentsUrl = (s: Shop, orderId: string) => `/api/stores/${s.storeId}/orders/${orderId}/shipments`
  const ship = (s: Shop, orderId: string, body: object, headers = s.owner.headers) =>
    app().app.inject({ method: 'POST', url: shipmentsUrl(s, orderId), payload: body, headers })
  const statusOf = async (s: Shop, orderId: string) =>
    (await app().app.inject({ url: `/api/stores/${s.storeId}/orders`, headers: s.owner.headers }))
      .json()
      .find((o: { id: string }) => o.id === orderId).status
  /** The order screen's 'Envio': the shipment, whether a label can be bought, and the history lines. */
  const orderShipment = async (s: Shop, orderId: string) =>
    (
      await app().app.inject({
        url: `/api/stores/${s.storeId}/orders/${orderId}/shipment`,
        headers: s.owner.headers,
      })
    ).json()
  const deliveries = (orderId: string, kind: string) =>
    app()
      .runtime.db.selectFrom('email_deliveries')
      .select(['recipient', 'state'])
      // 'Seu pedido foi enviado' is keyed by (order:shipment), 'Pedido entregue' by the order.
      .where((eb) => eb.or([eb('subject_id', '=', orderId), eb('subject_id', 'like', `${orderId}:%`)]))
      .where('kind', '=', kind)
      .execute()

  /** A connected store whose product has a size, and a paid order: with SEDEX from Melhor Envio or the zone option. */
  async function paidOrder(opts: { melhorEnvio?: boolean; pay?: boolean; s?: Shop } = {}) {
    const s = opts.s ?? (await shop())
    if (!opts.s) {
      await app().app.inject({
        method: 'PATCH',
        url: `/api/stores/${s.storeId}/products/${s.physicalId}`,
        payload: { weightGrams: 600, heightCm: 10, widthCm: 15, lengthCm: 20 },
        headers: s.owner.headers,
      })
      const connected = await app().app.inject({
        method: 'PUT',
        url: `/api/stores/${s.storeId}/shipping/melhor-envio`,
        payload: { token: 'me-test-token', originCep: '01310100', services: [1, 2], sender: SENDER, active: true },
        headers: s.owner.headers,
      })
      expect(connected.json()).toMatchObject({ sender: SENDER, active: true })
      await post(`/api/stores/${s.storeId}/shipping/calculate`, {
        zipCode: '01310100',
        items: [{ productId: s.physicalId, quantity: 1 }],
      })
    }
    const method = opts.melhorEnvio === false ? s.optionId : 'me-2'
    const body = physicalOrder(s, { shipping: { ...physicalOrder(s).shipping, method } })
    const res = (await post('/api/checkout/create-order', body)).json()
    expect(res.success).toBe(true)
    if (opts.pay !== false) {
      await sandbox(res.paymentResult.gatewayId, 'pay')
      await waitFor(async () => (await statusOf(s, res.orderId)) === 'PAID')
    }
    return {
      s,
      orderId: res.orderId as string,
      pageToken: pageTokenOf(res.orderPageUrl ?? ''),
      gatewayId: res.paymentResult.gatewayId as string,
    }
  }

  return { ...ordering, shipmentsUrl, ship, statusOf, orderShipment, deliveries, paidOrder }
}
