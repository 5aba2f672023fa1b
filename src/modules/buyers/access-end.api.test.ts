import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock } from '../../platform/clock'
import { BUYER_MSG } from '../../shared/buyers'
import { type FakeS3, startFakeS3 } from '../../testing/fake-s3'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'
import { buyersFixtures, pdfOf } from './buyers-fixtures'

let fake: FakeS3
beforeAll(async () => {
  fake = await startFakeS3()
})
afterAll(() => fake.close())

describe.each([
  ['local folder', false],
  ['S3 (fake)', true],
])('access ends on %s', (_name, s3) => {
  const clock = controlledClock(new Date())
  let t: TestApp
  const { post, shop, orderStatus } = orderingFixtures(() => t)

  beforeAll(async () => {
    const env = s3
      ? {
          STORAGE_URL: `s3://${fake.bucket}?endpoint=${encodeURIComponent(fake.url)}`,
          S3_ACCESS_KEY_ID: fake.accessKeyId,
          S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
        }
      : {}
    fake.setNow(clock.now())
    t = await createTestApp({ clock, env })
  })
  afterAll(() => t.close())

  const { stampedPdf, paidOrder: paid, signIn } = buyersFixtures(() => t)

  /** A digital product whose PDF is stamped per buyer, the PDF uploaded; its storage key read from the row. */
  async function stampingShop(): Promise<{ s: Shop; fileId: string; key: string }> {
    const s = await shop({ shipping: false })
    const fileId = await stampedPdf(s, await pdfOf('Módulo 1'), 'Curso.pdf')
    const row = await t.runtime.db
      .selectFrom('product_files')
      .where('id', '=', fileId)
      .select('storage_key')
      .executeTakeFirstOrThrow()
    return { s, fileId, key: row.storage_key }
  }

  const paidOrder = (s: Shop, email: string) => paid(s, { email })

  const askDownload = (cookie: string, fileId: string) =>
    t.app.inject({ method: 'GET', url: `/api/buyer/files/${fileId}/download`, headers: { cookie } })

  /** Follows a signed URL: the local folder's are paths on the api, S3's go to the bucket. */
  async function follow(url: string): Promise<number> {
    if (url.startsWith('/')) return (await t.app.inject({ method: 'GET', url })).statusCode
    const res = await fetch(url)
    await res.arrayBuffer()
    return res.status
  }

  /** A download that works: 302 to a signed URL that serves the (stamped) file. */
  async function download(cookie: string, fileId: string): Promise<string> {
    const res = await askDownload(cookie, fileId)
    expect(res.statusCode).toBe(302)
    const url = res.headers.location as string
    expect(await follow(url)).toBe(200)
    return url
  }

  async function exists(key: string): Promise<boolean> {
    const stream = await t.app.storage.get(key)
    stream?.destroy()
    return Boolean(stream)
  }
  const copyKey = (orderId: string, fileId: string) => `stamped/${orderId}/${fileId}`
  const copyRow = (orderId: string, fileId: string) =>
    t.runtime.db
      .selectFrom('buyer_stamped_copies')
      .where('order_id', '=', orderId)
      .where('file_id', '=', fileId)
      .selectAll()
      .executeTakeFirst()

  /** The stamped copy's object and row are gone (deleted by a job: waited for, never slept on). */
  async function waitCopyGone(orderId: string, fileId: string) {
    await t.drain()
    await waitFor(async () => !(await copyRow(orderId, fileId)) && !(await exists(copyKey(orderId, fileId))))
  }

  it('a chargeback ends access at once: 403 with the reason, out of the library, the stamped copy deleted', async () => {
    const { s, fileId, key } = await stampingShop()
    const email = `contestou.${s3 ? 's3' : 'local'}@example.com`
    const { orderId, gatewayId } = await paidOrder(s, email)
    const cookie = await signIn(email)
    await download(cookie, fileId)
    expect(await exists(copyKey(orderId, fileId))).toBe(true)

    const charged = await post(`/sandbox/ativopay/v1/transactions/${gatewayId}/chargeback`, {})
    expect(charged.statusCode).toBe(200)
    await t.drain()
    await waitFor(async () => (await orderStatus(orderId)).status === 'REFUNDED')

    const refused = await askDownload(cookie, fileId)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'ACCESS_ENDED', message: BUYER_MSG.accessEnded })
    const library = await t.app.inject({ method: 'GET', url: '/api/buyer/library', headers: { cookie } })
    expect(library.json().items).toEqual([])
    await waitCopyGone(orderId, fileId)
    // the product's file itself stays: other buyers still have it
    expect(await exists(key)).toBe(true)
  })

  it('removing the file: the next download is 404 with the message, a link already given fails, objects deleted', async () => {
    const { s, fileId, key } = await stampingShop()
    const email = `arquivo.removido.${s3 ? 's3' : 'local'}@example.com`
    const { orderId } = await paidOrder(s, email)
    const cookie = await signIn(email)
    const given = await download(cookie, fileId)

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${s.storeId}/products/${s.digitalId}/files/${fileId}`,
      headers: s.owner.headers,
    })
    expect(removed.statusCode).toBe(204)
    const refused = await askDownload(cookie, fileId)
    expect(refused.statusCode).toBe(404)
    expect(refused.json().message).toBe(BUYER_MSG.fileNotFound)
    expect(await exists(key)).toBe(false)
    await waitCopyGone(orderId, fileId)
    // the signed URL handed out before points at objects that are no more
    expect([403, 404]).toContain(await follow(given))
  })

  it('deleting the product: downloads of its files refused, the files and every stamped copy deleted', async () => {
    const { s, fileId, key } = await stampingShop()
    const emails = ['um', 'dois'].map((n) => `produto.${n}.${s3 ? 's3' : 'local'}@example.com`)
    const buyers: { orderId: string; cookie: string }[] = []
    for (const email of emails) {
      const { orderId } = await paidOrder(s, email)
      const cookie = await signIn(email)
      await download(cookie, fileId)
      expect(await exists(copyKey(orderId, fileId))).toBe(true)
      buyers.push({ orderId, cookie })
    }

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${s.storeId}/products/${s.digitalId}`,
      headers: s.owner.headers,
    })
    expect(deleted.statusCode).toBe(204)
    expect(await exists(key)).toBe(false)
    for (const b of buyers) {
      const refused = await askDownload(b.cookie, fileId)
      expect(refused.statusCode).toBe(404)
      expect(refused.json().message).toBe(BUYER_MSG.fileNotFound)
      await waitCopyGone(b.orderId, fileId)
    }
  })
})
