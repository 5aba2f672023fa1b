/**
 * A label purchase that dies half-way, on the controlled clock: the purchase is made to hang at a chosen step (its
 * Melhor Envio client never answers again, as a killed worker never does), the row stays 'Gerando etiqueta', and the
 * sweeper job — run through the queue, reading the module's clock — finishes it from what Melhor Envio says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock } from '../../platform/clock'
import { type FakeMelhorEnvio, startFakeMelhorEnvio } from '../../testing/fake-melhor-envio'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import type { Shop } from '../ordering/ordering-fixtures'
import { type MelhorEnvioClient, melhorEnvioClient } from '../shipping/melhor-envio-client'
import { cancelLabel } from './cancel-label'
import { fulfilmentFixtures } from './fulfilment-fixtures'
import { LABEL_SWEEP_JOB } from './jobs'
import { STUCK_AFTER_MS, type SweepOutcome } from './label-sweeper'
import { createShipment } from './service'

const clock = controlledClock(new Date())
let t: TestApp
let fake: FakeMelhorEnvio
let s: Shop
beforeAll(async () => {
  fake = await startFakeMelhorEnvio()
  t = await createTestApp({ clock, env: { MELHOR_ENVIO_API_URL: fake.url } })
  // One store for the file: Melhor Envio's search is by the buyer's CPF (the same in every order here), and the
  // order numbers that tell the labels apart are per store.
  s = (await paidOrder()).s
})
afterAll(async () => {
  await t.close()
  await fake.close()
})

const { paidOrder, ship, statusOf, orderShipment, deliveries } = fulfilmentFixtures(() => t)
const sweep = () => t.runtime.jobs.run<SweepOutcome[]>(LABEL_SWEEP_JOB, {}, { timeoutMs: 30_000 })
const callsTo = (path: string) => fake.calls.filter((c) => c.path === `/api/v2/me${path}`).length
const never = <T>() => new Promise<T>(() => {})

/** A Melhor Envio client that stops answering at `step`, as a purchase whose worker was killed there. */
function dyingAt(step: 'cart' | 'after-cart' | 'after-checkout'): MelhorEnvioClient {
  const real = melhorEnvioClient(fake.url)
  return {
    ...real,
    async addToCart(token, req) {
      if (step === 'cart') return never()
      const item = await real.addToCart(token, req)
      // Melhor Envio made the cart item, but its answer never got back to us: its id was not kept.
      return step === 'after-cart' ? never() : item
    },
    generate: (token, ids) => (step === 'after-checkout' ? never() : real.generate(token, ids)),
  }
}

/** Starts a label purchase that dies at `step`, and waits until it is stuck there ('Gerando etiqueta'). */
async function dyingPurchase(step: 'cart' | 'after-cart' | 'after-checkout') {
  const { orderId } = await paidOrder({ s })
  const carts = callsTo('/cart')
  const checkouts = callsTo('/shipment/checkout')
  const deps = { db: t.runtime.db, config: t.app.config, now: () => clock.now(), melhorEnvio: dyingAt(step) }
  void createShipment(deps, s.storeId, orderId, { kind: 'LABEL' })
  await waitFor(async () => (await orderShipment(s, orderId)).shipment?.status === 'BUYING')
  if (step === 'after-cart') await waitFor(() => callsTo('/cart') === carts + 1)
  if (step === 'after-checkout') await waitFor(() => callsTo('/shipment/checkout') === checkouts + 1)
  // The merchant's click meanwhile is told it is being generated, and buys nothing.
  const click = await ship(s, orderId, { kind: 'LABEL' })
  expect(click.json().message).toBe('A etiqueta deste pedido já está sendo gerada.')
  return orderId
}

describe('a label purchase that died half-way', () => {
  it('paid at Melhor Envio before it died: left alone until the limit, then finished once, never paid again', async () => {
    const orderId = await dyingPurchase('after-checkout')
    const checkouts = callsTo('/shipment/checkout')
    const carts = callsTo('/cart')

    clock.advance(STUCK_AFTER_MS - 1_000)
    expect(await sweep()).toEqual([])
    expect((await orderShipment(s, orderId)).shipment.status).toBe('BUYING')

    clock.advance(1_000)
    expect(await sweep()).toEqual(['recovered'])
    const { shipment, history } = await orderShipment(s, orderId)
    expect(shipment).toMatchObject({ status: 'SHIPPED', carrier: 'Correios SEDEX', hasLabel: true })
    expect(shipment.trackingCode).toMatch(/^AA\d{9}BR$/)
    expect(await statusOf(s, orderId)).toBe('SHIPPED')
    expect(history.map((h: { kind: string }) => h.kind)).toEqual(['LABEL_RECOVERED'])
    const row = await t.runtime.db
      .selectFrom('shipments')
      .select(['me_order_id', 'me_protocol'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(row.me_protocol).toBe(fake.items.get(row.me_order_id!)!.protocol)
    // Read back, never bought again: no cart item, no checkout.
    expect(callsTo('/cart')).toBe(carts)
    expect(callsTo('/shipment/checkout')).toBe(checkouts)

    // Idempotent: the next pass finds nothing, even well past the limit.
    clock.advance(STUCK_AFTER_MS * 2)
    expect(await sweep()).toEqual([])
    await waitFor(async () => (await deliveries(orderId, 'fulfilment.shipped'))[0]?.state === 'SENT', 30_000)
    await t.drain()
    expect(await deliveries(orderId, 'fulfilment.shipped')).toHaveLength(1)
  })

  it("in Melhor Envio's cart but unpaid, its id lost: found by the buyer's CPF and our tag, the click pays that one", async () => {
    const orderId = await dyingPurchase('after-cart')
    const carts = callsTo('/cart')
    const leftInCart = [...fake.items.values()].at(-1)!
    expect(leftInCart.status).toBe('pending')
    clock.advance(STUCK_AFTER_MS)
    const searches = callsTo('/orders/search')
    expect(await sweep()).toEqual(['released'])
    expect(callsTo('/orders/search')).toBe(searches + 1)
    expect(fake.calls.at(-1)).toMatchObject({ path: '/api/v2/me/orders/search', token: 'me-test-token' })

    const message =
      'A geração da etiqueta foi interrompida antes do pagamento no Melhor Envio e nada foi cobrado. Gere a etiqueta novamente: o mesmo envio do carrinho será usado.'
    const view = await orderShipment(s, orderId)
    expect(view.shipment).toMatchObject({ status: 'FAILED', error: message })
    expect(view.history).toEqual([{ kind: 'LABEL_NOT_BOUGHT', message, at: expect.any(String) }])
    expect(await statusOf(s, orderId)).toBe('PAID')

    // 'Gerar etiqueta' again: the cart item the dead purchase made is the one paid, no second one.
    const again = await ship(s, orderId, { kind: 'LABEL' })
    expect(again.statusCode).toBe(201)
    expect(again.json()).toMatchObject({ status: 'SHIPPED', hasLabel: true })
    expect(callsTo('/cart')).toBe(carts)
    expect(fake.items.get(leftInCart.id)).toMatchObject({ status: 'released', tracking: again.json().trackingCode })
  })

  it('died before Melhor Envio answered anything: back to the button with a line saying nothing was charged', async () => {
    const orderId = await dyingPurchase('cart')
    const items = fake.items.size
    clock.advance(STUCK_AFTER_MS)
    expect(await sweep()).toEqual(['released'])
    const message =
      'A geração da etiqueta foi interrompida antes da compra no Melhor Envio e nada foi cobrado. Gere a etiqueta novamente.'
    const view = await orderShipment(s, orderId)
    expect(view.shipment).toMatchObject({ status: 'FAILED', error: message })
    expect(view.canBuyLabel).toBe(true)
    expect(view.history).toEqual([{ kind: 'LABEL_NOT_BOUGHT', message, at: expect.any(String) }])

    const again = await ship(s, orderId, { kind: 'LABEL' })
    expect(again.statusCode).toBe(201)
    expect(fake.items.size).toBe(items + 1)
    expect(await statusOf(s, orderId)).toBe('SHIPPED')
    expect(await sweep()).toEqual([])
  })
})

describe('a label cancel that died half-way', () => {
  /** Buys a label, then starts a cancel whose Melhor Envio call never answers (after cancelling, or before). */
  async function dyingCancel(cancelledAtMe: boolean) {
    const { orderId } = await paidOrder({ s })
    const bought = await ship(s, orderId, { kind: 'LABEL' })
    expect(bought.statusCode).toBe(201)
    const real = melhorEnvioClient(fake.url)
    const melhorEnvio: MelhorEnvioClient = {
      ...real,
      async cancel(token, id, description) {
        if (cancelledAtMe) await real.cancel(token, id, description)
        return never()
      },
    }
    const deps = { db: t.runtime.db, config: t.app.config, now: () => clock.now(), melhorEnvio }
    void cancelLabel(deps, s.storeId, orderId)
    await waitFor(async () => (await orderShipment(s, orderId)).shipment?.status === 'BUYING')
    const meId = (
      await t.runtime.db
        .selectFrom('shipments')
        .select('me_order_id')
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).me_order_id!
    if (cancelledAtMe) await waitFor(() => fake.items.get(meId)?.status === 'canceled')
    return { orderId, code: bought.json().trackingCode as string }
  }

  it('cancelled at Melhor Envio: finished (PAID again, the history line, the buyer told); else the label stands', async () => {
    const cancelled = await dyingCancel(true)
    const standing = await dyingCancel(false)
    clock.advance(STUCK_AFTER_MS)
    expect((await sweep()).sort()).toEqual(['cancelled', 'restored'])

    expect(await statusOf(s, cancelled.orderId)).toBe('PAID')
    const gone = await orderShipment(s, cancelled.orderId)
    expect(gone.shipment).toBeNull()
    expect(gone.history.map((h: { kind: string }) => h.kind)).toEqual(['LABEL_CANCELLED'])
    await waitFor(
      async () => (await deliveries(cancelled.orderId, 'fulfilment.label_cancelled'))[0]?.state === 'SENT',
      30_000,
    )

    expect(await statusOf(s, standing.orderId)).toBe('SHIPPED')
    const kept = await orderShipment(s, standing.orderId)
    expect(kept.shipment).toMatchObject({ status: 'SHIPPED', trackingCode: standing.code, hasLabel: true })
    expect(kept.history).toEqual([
      {
        kind: 'LABEL_RECOVERED',
        message:
          'O cancelamento da etiqueta foi interrompido e o Melhor Envio não a cancelou: a etiqueta continua válida.',
        at: expect.any(String),
      },
    ])
    expect(await sweep()).toEqual([])
  })
})
