import { decodePDFRawStream, PDFArray, PDFDocument, type PDFPage, PDFRawStream } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock } from '../../platform/clock'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'
import { buyersFixtures, pdfOf } from './buyers-fixtures'
import { STAMP_SKIPPED_NOTE } from './stamped-download'

const clock = controlledClock(new Date())
let t: TestApp
const { shop } = orderingFixtures(() => t)

beforeAll(async () => {
  t = await createTestApp({ clock })
})
afterAll(() => t.close())

const { uploadPdf: upload, setStamp, paidOrder: paid, signIn } = buyersFixtures(() => t)
const threePagePdf = () => pdfOf('Capítulo 1', 'Capítulo 2', 'Capítulo 3')

/** A paid order of this buyer; its number, as the stamp prints it. */
async function paidOrder(s: Shop, name: string, email: string) {
  const { orderId } = await paid(s, { name, email })
  const row = await t.runtime.db
    .selectFrom('orders')
    .where('id', '=', orderId)
    .select('order_number')
    .executeTakeFirstOrThrow()
  return row.order_number
}

async function download(cookie: string, fileId: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url: `/api/buyer/files/${fileId}/download`, headers: { cookie } })
  expect(res.statusCode).toBe(302)
  const file = await t.app.inject({ method: 'GET', url: res.headers.location as string })
  expect(file.statusCode).toBe(200)
  return file.rawPayload
}

/** The text a page shows: every string its content streams draw (pdf-lib writes them as hex, WinAnsi). */
function pageText(page: PDFPage): string {
  const contents = page.node.Contents()
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => page.doc.context.lookup(r)) : [contents]
  let text = ''
  for (const s of streams) {
    if (!(s instanceof PDFRawStream)) continue
    const ops = Buffer.from(decodePDFRawStream(s).decode()).toString('latin1')
    for (const m of ops.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) text += Buffer.from(m[1], 'hex').toString('latin1')
    for (const m of ops.matchAll(/\(([^)]*)\)\s*Tj/g)) text += m[1]
  }
  return text
}

describe('PDF stamping', () => {
  it("stamps every page with the buyer's name, e-mail and order number when on; serves the original when off", async () => {
    const s = await shop({ shipping: false })
    const original = await threePagePdf()
    const file = await upload(s, original)
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/stores/${s.storeId}/products/${s.digitalId}/files/settings`,
      headers: s.owner.headers,
    })
    expect(read.json()).toEqual({ stampPdfs: false })

    const email = 'joao.stamp@example.com'
    const n = await paidOrder(s, 'João Pereira', email)
    const cookie = await signIn(email)

    // off: the bytes uploaded, untouched
    expect((await download(cookie, file.id)).equals(original)).toBe(true)

    expect((await setStamp(s, true)).json()).toEqual({ stampPdfs: true })
    const stamped = await download(cookie, file.id)
    const doc = await PDFDocument.load(stamped)
    expect(doc.getPageCount()).toBe(3)
    for (const page of doc.getPages()) {
      expect(pageText(page)).toContain(`Licenciado para João Pereira · ${email} · pedido #${n}`)
    }
    // the copy is kept per order and file: the second download serves the same bytes
    expect((await download(cookie, file.id)).equals(stamped)).toBe(true)
    expect(await t.app.storage.get(`stamped/${await orderIdOf(email)}/${file.id}`)).toBeDefined()

    await setStamp(s, false)
    expect((await download(cookie, file.id)).equals(original)).toBe(true)
  })

  it('a PDF that cannot be stamped is served as it is; the library says nothing for files within the limit', async () => {
    const s = await shop({ shipping: false })
    // a PDF header with no document behind it: pdf-lib cannot parse it, the buyer still gets the file
    const broken = Buffer.from('%PDF-1.7\n%não é um documento\n%%EOF\n')
    const file = await upload(s, broken)
    await setStamp(s, true)
    const email = 'quebrado@example.com'
    await paidOrder(s, 'Rita', email)
    const cookie = await signIn(email)
    expect((await download(cookie, file.id)).equals(broken)).toBe(true)
    const library = await t.app.inject({ method: 'GET', url: '/api/buyer/library', headers: { cookie } })
    expect(library.json().items[0].files[0].note).toBeNull()
  })

  it('refuses the setting for another store (404) and a non-boolean (400)', async () => {
    const s = await shop({ shipping: false })
    const other = await shop({ shipping: false })
    expect((await setStamp(s, true, other.owner)).statusCode).toBe(404)
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/stores/${s.storeId}/products/${s.digitalId}/files/settings`,
      headers: s.owner.headers,
      payload: { stampPdfs: 'sim' },
    })
    expect(bad.statusCode).toBe(400)
    expect(STAMP_SKIPPED_NOTE).toMatch(/sem o carimbo/)
  })
})

async function orderIdOf(email: string) {
  const row = await t.runtime.db
    .selectFrom('orders')
    .where('customer_email', '=', email)
    .select('id')
    .executeTakeFirstOrThrow()
  return row.id
}
