import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock, DAY_MS } from '../../platform/clock'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'
import { buyersFixtures, pdfOf } from './buyers-fixtures'
import { STAMPED_COPY_KEEP_MS, STAMPED_SWEEP_JOB } from './stamped-copies'

const clock = controlledClock(new Date())
let t: TestApp
const { shop, refund } = orderingFixtures(() => t)

beforeAll(async () => {
  t = await createTestApp({ clock })
})
afterAll(() => t.close())

const { stampedPdf, paidOrder: paid, signIn } = buyersFixtures(() => t)

/** A digital product that stamps its PDF, with the PDF uploaded. */
async function stampingShop(): Promise<{ s: Shop; fileId: string }> {
  const s = await shop({ shipping: false })
  return { s, fileId: await stampedPdf(s, await pdfOf('Capítulo 1')) }
}

const paidOrder = async (s: Shop, email: string) => (await paid(s, { email })).orderId

/** The buyer downloads the file: this makes (or reuses) the order's stamped copy. */
async function download(cookie: string, fileId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/buyer/files/${fileId}/download`, headers: { cookie } })
  expect(res.statusCode).toBe(302)
  const file = await t.app.inject({ method: 'GET', url: res.headers.location as string })
  expect(file.statusCode).toBe(200)
}

const keyOf = (orderId: string, fileId: string) => `stamped/${orderId}/${fileId}`

async function objectExists(key: string): Promise<boolean> {
  const stream = await t.app.storage.get(key)
  stream?.destroy()
  return Boolean(stream)
}

const rowOf = (orderId: string, fileId: string) =>
  t.runtime.db
    .selectFrom('buyer_stamped_copies')
    .where('order_id', '=', orderId)
    .where('file_id', '=', fileId)
    .selectAll()
    .executeTakeFirst()

/** The stamped copy exists as an object and as a row pointing at it. */
async function expectCopy(orderId: string, fileId: string) {
  expect(await objectExists(keyOf(orderId, fileId))).toBe(true)
  expect(await rowOf(orderId, fileId)).toMatchObject({ storage_key: keyOf(orderId, fileId) })
}

/** Waits for the deleting job's effect: neither the object nor the row is left. */
async function waitGone(orderId: string, fileId: string) {
  await t.drain()
  await waitFor(async () => !(await rowOf(orderId, fileId)) && !(await objectExists(keyOf(orderId, fileId))))
}

describe('stamped copies are recorded and deleted', () => {
  it('a whole refund deletes the order’s copy (object and row); a partial one keeps it', async () => {
    const { s, fileId } = await stampingShop()
    const email = 'reembolso.copia@example.com'
    const orderId = await paidOrder(s, email)
    await download(await signIn(email), fileId)
    await expectCopy(orderId, fileId)

    expect((await refund(s, orderId, { amount: 10, reason: 'Desconto prometido' })).statusCode).toBe(201)
    await t.drain()
    await expectCopy(orderId, fileId)

    expect((await refund(s, orderId, { reason: 'Cliente desistiu' })).statusCode).toBe(201)
    await waitGone(orderId, fileId)
  })

  it('removing the product file deletes every buyer’s copy of it', async () => {
    const { s, fileId } = await stampingShop()
    const orders: string[] = []
    for (const email of ['arquivo.um@example.com', 'arquivo.dois@example.com']) {
      const orderId = await paidOrder(s, email)
      await download(await signIn(email), fileId)
      await expectCopy(orderId, fileId)
      orders.push(orderId)
    }
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${s.storeId}/products/${s.digitalId}/files/${fileId}`,
      headers: s.owner.headers,
    })
    expect(removed.statusCode).toBe(204)
    for (const orderId of orders) await waitGone(orderId, fileId)
  })

  it('the retention sweep deletes copies older than 30 days, keeps newer ones; a later download stamps again', async () => {
    const { s, fileId } = await stampingShop()
    const oldEmail = 'copia.antiga@example.com'
    const oldOrder = await paidOrder(s, oldEmail)
    await download(await signIn(oldEmail), fileId)
    await expectCopy(oldOrder, fileId)

    clock.advance(STAMPED_COPY_KEEP_MS - DAY_MS)
    const newEmail = 'copia.nova@example.com'
    const newOrder = await paidOrder(s, newEmail)
    await download(await signIn(newEmail), fileId)
    await expectCopy(newOrder, fileId)

    clock.advance(2 * DAY_MS)
    const result = await t.runtime.jobs.run<{ removed: number }>(STAMPED_SWEEP_JOB, {}, { timeoutMs: 10_000 })
    expect(result.removed).toBeGreaterThanOrEqual(1)
    expect(await rowOf(oldOrder, fileId)).toBeUndefined()
    expect(await objectExists(keyOf(oldOrder, fileId))).toBe(false)
    await expectCopy(newOrder, fileId)

    await download(await signIn(oldEmail), fileId)
    await expectCopy(oldOrder, fileId)
  })
})
