/**
 * Ordering over the gateway transport the app is composed with (a fake that forwards to the sandbox and records each
 * call), and the refund sweeper: a refund whose gateway call never answered is found at the gateway and settled, or
 * asked again with the same reference, or given up — never refunded twice.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import type { GatewayTransport, WireRequest } from '../payments'
import type { OrderingDeps } from './deps'
import { orderingFixtures, type Shop } from './ordering-fixtures'
import { REFUND_NOT_CONFIRMED, REFUND_UNVERIFIED, type RefundSweep, sweepRefunds } from './refund-sweeper'

let t: TestApp
/** Every request the app sent to the gateway, as `METHOD path`. */
const calls: string[] = []
/** The next refund call never answers: after the gateway made the refund, or before it got the request. */
let lostRefund: 'after' | 'before' | undefined
/** Reads of a charge show no refunds (the postback's re-read learns nothing), as if the postback were lost. */
let hideRefunds = false
/** The gateway does not answer reads, or answers them with an error that tells nothing (401). */
let reads: 'down' | 'unauthorized' | undefined

const gatewayTransport: GatewayTransport = async (req: WireRequest) => {
  calls.push(`${req.method} ${req.path}`)
  const isRefund = req.method === 'POST' && req.path.endsWith('/refunds')
  if (isRefund && lostRefund === 'before') {
    lostRefund = undefined
    throw new Error('timeout')
  }
  if (req.method === 'GET' && reads === 'down') throw new Error('timeout')
  if (req.method === 'GET' && reads === 'unauthorized') return { status: 401, body: '{}' }
  const res = await t.app.inject({
    method: req.method,
    url: `/sandbox/ativopay${req.path}`,
    headers: req.headers,
    ...(req.body === undefined ? {} : { payload: req.body }),
  })
  if (isRefund && lostRefund === 'after') {
    lostRefund = undefined
    throw new Error('timeout')
  }
  if (req.method === 'GET' && hideRefunds && res.statusCode === 200) {
    const json = res.json() as { data: { refunds?: unknown[]; refundedAmount?: number } }
    json.data.refunds = []
    json.data.refundedAmount = 0
    return { status: 200, body: JSON.stringify(json) }
  }
  return { status: res.statusCode, body: res.body }
}

beforeAll(async () => {
  // The job runs often (its wiring is tested), but only real-time stale refunds are its: none in this suite's time.
  t = await createTestApp({ redis: false, env: { REFUND_SWEEP_EVERY_MS: '200' }, moduleDeps: { gatewayTransport } })
})
afterAll(async () => {
  await t?.close()
})
afterEach(() => {
  lostRefund = undefined
  hideRefunds = false
  reads = undefined
})

const { post, shop, physicalOrder, sandbox, refund, refundList } = orderingFixtures(() => t)

const deps = (): OrderingDeps => ({
  db: t.runtime.db,
  jobs: t.runtime.jobs,
  config: t.config,
  log: t.runtime.log,
  gatewayTransport,
})
/** A sweep run as if `ms` had passed since now (past REFUND_SWEEP_AFTER_MS: the refunds asked are stale). */
const sweepAfter = (ms: number) => sweepRefunds(deps(), new Date(Date.now() + ms))
const STALE = 2 * 60_000 + 1_000

/** The refunds the sandbox gateway made of a charge. */
async function madeAtGateway(gatewayId: string): Promise<unknown[]> {
  const row = await t.runtime.db
    .selectFrom('payment_sandbox_transactions')
    .select('refunds')
    .where('id', '=', gatewayId)
    .executeTakeFirstOrThrow()
  return row.refunds as unknown[]
}

const refundCalls = (gatewayId: string) => calls.filter((c) => c === `POST /v1/transactions/${gatewayId}/refunds`)

async function paidPixOrder(s: Shop) {
  const placed = await post('/api/checkout/create-order', physicalOrder(s))
  expect(placed.statusCode).toBe(200)
  const order = placed.json() as { orderId: string; paymentResult: { gatewayId: string } }
  await sandbox(order.paymentResult.gatewayId, 'pay')
  await waitFor(
    async () =>
      (await t.app.inject({ url: `/api/checkout/order-status/${order.orderId}` })).json().order.status === 'PAID',
  )
  return { orderId: order.orderId, gatewayId: order.paymentResult.gatewayId }
}

/** A paid order whose refund of R$ 30 got no answer from the gateway (503, reserved as PENDING). */
async function unansweredRefund(s: Shop, lost: 'after' | 'before') {
  const order = await paidPixOrder(s)
  lostRefund = lost
  hideRefunds = true
  const res = await refund(s, order.orderId, { amount: 30, reason: 'Troca' })
  expect(res.statusCode).toBe(503)
  await t.drain()
  hideRefunds = false
  const list = await refundList(s, order.orderId)
  expect(list.refunds.map((r) => r.status)).toEqual(['PENDING'])
  expect(list.refundable).toBe(90)
  return order
}

/** A run's tally over one stale refund. */
const ran = (steps: Partial<RefundSweep>): RefundSweep => ({
  asked: 1,
  settled: 0,
  retried: 0,
  failed: 0,
  unreachable: 0,
  ...steps,
})

/** The R$ 30 refund is SUCCEEDED, made once at the gateway, after `asks` refund calls, also once its news is in. */
async function expectSettledOnce(s: Shop, order: { orderId: string; gatewayId: string }, asks: number) {
  expect(refundCalls(order.gatewayId)).toHaveLength(asks)
  expect(await madeAtGateway(order.gatewayId)).toHaveLength(1)
  await t.drain()
  const list = await refundList(s, order.orderId)
  expect(list).toMatchObject({ refunded: 30, refundable: 90 })
  expect(list.refunds.map((r) => r.status)).toEqual(['SUCCEEDED'])
}

describe('ordering over the composed gateway transport', () => {
  it('places a PIX order and refunds it through the transport the app was given', async () => {
    const s = await shop()
    const before = calls.length
    const order = await paidPixOrder(s)
    expect(calls.slice(before)).toContain('POST /v1/transactions')
    const res = await refund(s, order.orderId, { reason: 'Cliente desistiu' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ status: 'SUCCEEDED', amount: 120 })
    expect(refundCalls(order.gatewayId)).toHaveLength(1)
  })
})

describe('refund sweeper', () => {
  it('runs as a repeatable job every REFUND_SWEEP_EVERY_MS', async () => {
    const runs = () =>
      t.runtime.db.selectFrom('jobs').select('id').where('name', '=', 'ordering.refund-sweep').execute()
    await waitFor(async () => (await runs()).length >= 2)
  })

  it('settles a refund the gateway made though its answer was lost, without refunding again', async () => {
    const s = await shop()
    const order = await unansweredRefund(s, 'after')
    expect(await madeAtGateway(order.gatewayId)).toHaveLength(1)

    expect(await sweepAfter(STALE)).toEqual(ran({ settled: 1 }))
    await expectSettledOnce(s, order, 1)
    // The re-read's announcement (payment.refunded) found it applied; the next run has nothing to do.
    expect((await sweepAfter(STALE)).asked).toBe(0)
  })

  it('asks again, with the same reference, a refund the gateway never got, once, and settles it', async () => {
    const s = await shop()
    const order = await unansweredRefund(s, 'before')
    expect(await madeAtGateway(order.gatewayId)).toHaveLength(0)

    expect(await sweepAfter(STALE)).toEqual(ran({ retried: 1, settled: 1 }))
    await expectSettledOnce(s, order, 2)
  })

  it('waits while the gateway is unreachable, and gives up on a refund never made (FAILED, amount free)', async () => {
    const s = await shop()
    const order = await unansweredRefund(s, 'before')
    reads = 'down'
    expect(await sweepAfter(STALE)).toEqual(ran({ unreachable: 1 }))
    expect((await refundList(s, order.orderId)).refunds.map((r) => r.status)).toEqual(['PENDING'])
    reads = undefined

    expect(await sweepAfter(t.config.REFUND_SWEEP_GIVE_UP_MS + 1_000)).toEqual(ran({ failed: 1 }))
    expect(refundCalls(order.gatewayId)).toHaveLength(1)
    const list = await refundList(s, order.orderId)
    expect(list.refunds).toMatchObject([{ status: 'FAILED', error: REFUND_NOT_CONFIRMED }])
    expect(list.refundable).toBe(120)
    expect(await madeAtGateway(order.gatewayId)).toHaveLength(0)
  })

  it('keeps a refund it cannot ask about reserved until the give-up time, then FAILED', async () => {
    const s = await shop()
    const order = await unansweredRefund(s, 'before')
    reads = 'unauthorized'
    expect(await sweepAfter(STALE)).toEqual(ran({}))
    expect((await refundList(s, order.orderId)).refunds.map((r) => r.status)).toEqual(['PENDING'])
    expect(await sweepAfter(t.config.REFUND_SWEEP_GIVE_UP_MS + 1_000)).toEqual(ran({ failed: 1 }))
    const list = await refundList(s, order.orderId)
    expect(list.refunds).toMatchObject([{ status: 'FAILED', error: REFUND_UNVERIFIED }])
    expect(list.refundable).toBe(120)
    expect(refundCalls(order.gatewayId)).toHaveLength(1)
  })
})
