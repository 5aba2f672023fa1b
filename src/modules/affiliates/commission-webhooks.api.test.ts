/**
 * `commission.*` merchant webhooks: a paid order's shares announced as created, released by the controlled clock and
 * reversed by a refund, delivered through the merchant webhooks and verified with the `standardwebhooks` package.
 */
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock, DAY_MS } from '../../platform/clock'
import { type FakeWebhookReceiver, startWebhookReceiver } from '../../testing/fake-webhook-receiver'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import { releaseDue } from '.'
import { affiliatesFixtures } from './affiliates-fixtures'

const clock = controlledClock()
let t: TestApp
let receiver: FakeWebhookReceiver
beforeAll(async () => {
  receiver = await startWebhookReceiver()
  t = await createTestApp({ redis: false, moduleDeps: { clock }, env: { WEBHOOK_RETRY_SCHEDULE_MS: '50,50,50' } })
})
afterAll(async () => {
  await t?.close()
  await receiver?.close()
})

const ordering = orderingFixtures(() => t)
const { db, setup, click, buy, commissionsOf } = affiliatesFixtures(() => t, clock, ordering)

interface Message {
  type: string
  data: Record<string, unknown>
}

describe('commission webhooks', () => {
  it('created on payment, released at D+7 (PIX), reversed by the refund; signed by the Standard Webhooks scheme', async () => {
    const { s, a, linkA } = await setup()
    const hook = await ordering.post(
      `/api/stores/${s.storeId}/webhooks`,
      { url: receiver.url, events: ['commission.created', 'commission.released', 'commission.reversed'] },
      s.owner.headers,
    )
    expect(hook.statusCode).toBe(201)
    const secret = hook.json().secret as string
    const messages = (type: string) =>
      receiver.received
        .map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as Message)
        .filter((m) => m.type === type)

    const order = await buy(s, await click(linkA, new Date()))
    const [mine] = await commissionsOf(a)
    await waitFor(() => messages('commission.created').length === 2)
    const created = messages('commission.created')
    expect(created.map((m) => m.data.role).sort()).toEqual(['AFFILIATE', 'PRODUCER'])
    const affiliate = created.find((m) => m.data.role === 'AFFILIATE')!.data
    expect(affiliate).toMatchObject({
      orderId: order.orderId,
      amount: mine!.amountCents / 100,
      status: 'PENDING',
      fee: 0,
    })
    expect(created.reduce((x, m) => x + Math.round((m.data.amount as number) * 100), 0)).toBe(order.totalCents)
    // No order.* event was chosen: none is sent.
    expect(receiver.received.every((r) => JSON.parse(r.body).type.startsWith('commission.'))).toBe(true)

    clock.set(new Date(Date.now() + 8 * DAY_MS))
    await releaseDue({ db: db(), clock })
    await t.drain()
    await waitFor(() => messages('commission.released').length === 2)
    expect(messages('commission.released').find((m) => m.data.role === 'AFFILIATE')!.data).toMatchObject({
      commissionId: affiliate.commissionId,
      status: 'AVAILABLE',
      available: mine!.amountCents / 100,
    })

    await ordering.refund(s, order.orderId, { reason: 'Arrependimento' })
    await waitFor(() => messages('commission.reversed').length === 2)
    expect(messages('commission.reversed').find((m) => m.data.role === 'AFFILIATE')!.data).toMatchObject({
      commissionId: affiliate.commissionId,
      status: 'REVERSED',
      reversed: mine!.amountCents / 100,
      totalReversed: mine!.amountCents / 100,
      chargeback: false,
    })
  })
})
