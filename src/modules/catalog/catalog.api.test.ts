import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app'
import { catalogModule, catalogService } from '.'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

function post(user: TestUser, storeId: string, payload: object) {
  return t.app.inject({ method: 'POST', url: `/api/stores/${storeId}/products`, headers: user.headers, payload })
}

const physical = { name: 'Camiseta', description: 'Algodão', price: 59.9, type: 'PHYSICAL', stock: 10 }
const digital = { name: 'E-book', price: 19.9, type: 'DIGITAL', digitalFileUrl: 'https://files.example.com/ebook.pdf' }

/** A multipart body built by hand, as a browser sends it. */
function multipart(fields: Record<string, string>, file?: { field: string; name: string; type: string; data: Buffer }) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

describe('products API', () => {
  it('creates, lists, reads, edits and deletes products', async () => {
    const { user, storeId } = await t.merchantWithStore()
    const created = await post(user, storeId, physical)
    expect(created.statusCode).toBe(201)
    const p = created.json()
    expect(p).toMatchObject({ ...physical, storeId, imageUrl: null, digitalFileUrl: null })

    const d = (await post(user, storeId, digital)).json()
    expect(d).toMatchObject({ ...digital, stock: null })

    const list = await t.app.inject({ url: `/api/stores/${storeId}/products`, headers: user.headers })
    expect(list.statusCode).toBe(200)
    expect(list.json().map((x: { id: string }) => x.id)).toEqual([d.id, p.id])

    const page = await t.app.inject({ url: `/api/stores/${storeId}/products?limit=1&offset=1`, headers: user.headers })
    expect(page.json().map((x: { id: string }) => x.id)).toEqual([p.id])

    const one = await t.app.inject({ url: `/api/stores/${storeId}/products/${d.id}`, headers: user.headers })
    expect(one.json()).toMatchObject({ id: d.id, digitalFileUrl: digital.digitalFileUrl })

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${storeId}/products/${p.id}`,
      headers: user.headers,
      payload: { price: '12,34' },
    })
    expect(patched.statusCode).toBe(200)
    expect(patched.json()).toMatchObject({ price: 12.34, name: 'Camiseta', stock: 10 })

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/stores/${storeId}/products/${p.id}`,
      headers: user.headers,
      payload: { stock: 0, description: '' },
    })
    expect(put.json()).toMatchObject({ stock: 0, description: null, price: 12.34 })

    const cents = await t.runtime.db
      .selectFrom('products')
      .select('price_cents')
      .where('id', '=', p.id)
      .executeTakeFirst()
    expect(cents?.price_cents).toBe(1234)

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${storeId}/products/${p.id}`,
      headers: user.headers,
    })
    expect(del.statusCode).toBe(204)
    expect(del.body).toBe('')
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${storeId}/products/${p.id}`,
      headers: user.headers,
    })
    expect(again.statusCode).toBe(404)
    expect(again.json().message).toBe('Produto não encontrado')
    const after = await t.app.inject({ url: `/api/stores/${storeId}/products`, headers: user.headers })
    expect(after.json()).toHaveLength(1)
  })

  it('switches type: digital drops the stock, physical needs one again', async () => {
    const { user, storeId } = await t.merchantWithStore()
    const p = (await post(user, storeId, physical)).json()
    const url = `/api/stores/${storeId}/products/${p.id}`
    const toDigital = await t.app.inject({
      method: 'PATCH',
      url,
      headers: user.headers,
      payload: { type: 'DIGITAL', digitalFileUrl: 'http://x.example/f.zip' },
    })
    expect(toDigital.json()).toMatchObject({ type: 'DIGITAL', stock: null, digitalFileUrl: 'http://x.example/f.zip' })
    const back = await t.app.inject({ method: 'PATCH', url, headers: user.headers, payload: { type: 'PHYSICAL' } })
    expect(back.statusCode).toBe(400)
    expect(back.json().errors.stock).toBe('Estoque é obrigatório para produtos físicos e não pode ser negativo.')
    const withStock = await t.app.inject({
      method: 'PATCH',
      url,
      headers: user.headers,
      payload: { type: 'PHYSICAL', stock: 3 },
    })
    expect(withStock.json()).toMatchObject({ type: 'PHYSICAL', stock: 3, digitalFileUrl: null })
  })

  it('answers every form rule with its message', async () => {
    const { user, storeId } = await t.merchantWithStore()
    const cases: [object, string, string][] = [
      [{ ...physical, name: '   ' }, 'name', 'Nome é obrigatório.'],
      [{ ...physical, name: undefined }, 'name', 'Nome é obrigatório.'],
      [{ ...physical, price: 0 }, 'price', 'Preço deve ser maior que zero.'],
      [{ ...physical, price: -5 }, 'price', 'Preço deve ser maior que zero.'],
      [{ ...physical, price: 'abc' }, 'price', 'Preço deve ser maior que zero.'],
      [{ ...physical, price: 0.001 }, 'price', 'Preço deve ser maior que zero.'],
      [{ ...physical, price: undefined }, 'price', 'Preço deve ser maior que zero.'],
      [
        { ...physical, stock: undefined },
        'stock',
        'Estoque é obrigatório para produtos físicos e não pode ser negativo.',
      ],
      [{ ...physical, stock: -1 }, 'stock', 'Estoque é obrigatório para produtos físicos e não pode ser negativo.'],
      [{ ...physical, stock: 1.5 }, 'stock', 'Estoque é obrigatório para produtos físicos e não pode ser negativo.'],
      [{ ...physical, imageUrl: 'ftp://x/y.png' }, 'imageUrl', 'URL da imagem inválida.'],
      [{ ...physical, imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'URL da imagem inválida.'],
      [{ ...digital, digitalFileUrl: 'files/ebook.pdf' }, 'digitalFileUrl', 'URL do arquivo digital inválida.'],
      [{ ...physical, type: 'SERVICE' }, 'type', 'Tipo de produto inválido. Use PHYSICAL ou DIGITAL.'],
    ]
    for (const [payload, field, message] of cases) {
      const res = await post(user, storeId, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().message).toBe(message)
      expect(res.json().errors[field]).toBe(message)
    }
    const ok = await post(user, storeId, { ...physical, imageUrl: '/uploads/abc.png', description: undefined })
    expect(ok.statusCode).toBe(201)
    expect(ok.json()).toMatchObject({ imageUrl: '/uploads/abc.png', description: null })
    const digitalNoUrl = await post(user, storeId, { name: 'Curso', price: 10, type: 'DIGITAL', stock: -3 })
    expect(digitalNoUrl.json()).toMatchObject({ stock: null, digitalFileUrl: null })
    const list = await t.app.inject({ url: `/api/stores/${storeId}/products`, headers: user.headers })
    expect(list.json()).toHaveLength(2)
  })

  it('hides another merchant store and product: 404 and nothing changes', async () => {
    const a = await t.merchantWithStore()
    const b = await t.merchantWithStore()
    const pa = (await post(a.user, a.storeId, physical)).json()
    const pb = (await post(b.user, b.storeId, physical)).json()
    const attempts = [
      { method: 'GET' as const, url: `/api/stores/${a.storeId}/products` },
      { method: 'POST' as const, url: `/api/stores/${a.storeId}/products`, payload: physical },
      { method: 'PATCH' as const, url: `/api/stores/${a.storeId}/products/${pa.id}`, payload: { price: 1 } },
      { method: 'PUT' as const, url: `/api/stores/${a.storeId}/products/${pa.id}`, payload: { price: 1 } },
      { method: 'DELETE' as const, url: `/api/stores/${a.storeId}/products/${pa.id}` },
    ]
    for (const req of attempts) {
      const res = await t.app.inject({ ...req, headers: b.user.headers })
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(404)
      expect(res.json().message).toBe('Loja não encontrada')
    }
    // B's own store, A's product id: the product is not B's either
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/stores/${b.storeId}/products/${pa.id}`,
        headers: b.user.headers,
        payload: method === 'PATCH' ? { price: 1 } : undefined,
      })
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe('Produto não encontrado')
    }
    const read = await t.app.inject({ url: `/api/stores/${b.storeId}/products/${pa.id}`, headers: b.user.headers })
    expect(read.statusCode).toBe(404)
    const unauthRead = await t.app.inject({ url: `/api/stores/${a.storeId}/products/${pb.id}` })
    expect(unauthRead.statusCode).toBe(404)
    for (const bad of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      expect((await t.app.inject({ url: `/api/stores/${a.storeId}/products/${bad}` })).statusCode).toBe(404)
      expect((await t.app.inject({ url: `/api/stores/${bad}/products/${pa.id}` })).statusCode).toBe(404)
    }
    const still = await t.app.inject({ url: `/api/stores/${a.storeId}/products`, headers: a.user.headers })
    expect(still.json()).toEqual([pa])
  })

  it('lets an admin read but not change a store products', async () => {
    const a = await t.merchantWithStore()
    const admin = await t.login({ role: 'ADMIN' })
    const d = (await post(a.user, a.storeId, digital)).json()
    const list = await t.app.inject({ url: `/api/stores/${a.storeId}/products`, headers: admin.headers })
    expect(list.json()).toHaveLength(1)
    const one = await t.app.inject({ url: `/api/stores/${a.storeId}/products/${d.id}`, headers: admin.headers })
    expect(one.json().digitalFileUrl).toBe(digital.digitalFileUrl)
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${a.storeId}/products/${d.id}`,
      headers: admin.headers,
    })
    expect(del.statusCode).toBe(404)
  })

  it('requires a token to list or change products', async () => {
    const { user, storeId } = await t.merchantWithStore()
    const p = (await post(user, storeId, physical)).json()
    for (const req of [
      { method: 'GET' as const, url: `/api/stores/${storeId}/products` },
      { method: 'POST' as const, url: `/api/stores/${storeId}/products`, payload: physical },
      { method: 'PATCH' as const, url: `/api/stores/${storeId}/products/${p.id}`, payload: { price: 1 } },
      { method: 'DELETE' as const, url: `/api/stores/${storeId}/products/${p.id}` },
    ]) {
      expect((await t.app.inject(req)).statusCode).toBe(401)
    }
  })

  it('never shows a digital file URL to a buyer', async () => {
    const a = await t.merchantWithStore()
    const other = await t.login()
    const d = (await post(a.user, a.storeId, digital)).json()
    const url = `/api/stores/${a.storeId}/products/${d.id}`
    const asBuyer = [
      await t.app.inject({ url }),
      await t.app.inject({ url, headers: { authorization: 'Bearer not.a.token' } }),
      await t.app.inject({ url, headers: other.headers }),
    ]
    for (const res of asBuyer) {
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        id: d.id,
        storeId: a.storeId,
        name: 'E-book',
        description: null,
        price: 19.9,
        imageUrl: null,
        type: 'DIGITAL',
      })
      expect(res.body).not.toContain('files.example.com')
    }
    // nor anywhere else without a token
    for (const req of [
      { method: 'GET' as const, url: `/api/stores/${a.storeId}/products` },
      { method: 'GET' as const, url: `/api/stores/${a.storeId}` },
      { method: 'PATCH' as const, url, payload: {} },
      { method: 'PUT' as const, url, payload: {} },
    ]) {
      const res = await t.app.inject(req)
      expect(res.body).not.toContain('files.example.com')
    }
  })

  it('accepts multipart with an image file, keeps or removes it on edit', async () => {
    const { user, storeId } = await t.merchantWithStore()
    const sendForm = (method: 'POST' | 'PATCH', url: string, form: ReturnType<typeof multipart>) =>
      t.app.inject({ method, url, headers: { ...user.headers, ...form.headers }, payload: form.payload })
    const form = multipart(
      { name: 'Caneca', price: '39.90', type: 'PHYSICAL', stock: '5', description: '' },
      { field: 'image', name: 'caneca.png', type: 'image/png', data: PNG },
    )
    const created = await sendForm('POST', `/api/stores/${storeId}/products`, form)
    expect(created.statusCode, created.body).toBe(201)
    const p = created.json()
    expect(p).toMatchObject({ name: 'Caneca', price: 39.9, stock: 5, description: null })
    expect(p.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/)
    const served = await t.app.inject({ url: p.imageUrl })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(PNG)).toBe(true)

    const url = `/api/stores/${storeId}/products/${p.id}`
    const keep = multipart({ name: 'Caneca Azul', imageUrl: p.imageUrl })
    const kept = await sendForm('PATCH', url, keep)
    expect(kept.json()).toMatchObject({ name: 'Caneca Azul', imageUrl: p.imageUrl })

    const remove = multipart({ imageUrl: '' })
    const removed = await sendForm('PATCH', url, remove)
    expect(removed.json().imageUrl).toBeNull()

    const fake = multipart(
      { name: 'X', price: '1', stock: '1' },
      { field: 'image', name: 'x.png', type: 'image/png', data: Buffer.from('<svg onload=alert(1)>') },
    )
    const rejected = await sendForm('POST', `/api/stores/${storeId}/products`, fake)
    expect(rejected.statusCode).toBe(400)
    expect(rejected.json().message).toBe('Tipo de arquivo de imagem inválido. Use JPG, PNG, GIF ou WEBP.')

    const big = multipart(
      { name: 'X', price: '1', stock: '1' },
      { field: 'image', name: 'x.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) },
    )
    const tooBig = await sendForm('POST', `/api/stores/${storeId}/products`, big)
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json().message).toBe('O arquivo de imagem não deve exceder 5MB.')

    const badForm = multipart({ name: 'X', price: '0', stock: '1' })
    const invalid = await sendForm('POST', `/api/stores/${storeId}/products`, badForm)
    expect(invalid.json()).toMatchObject({ statusCode: 400, errors: { price: 'Preço deve ser maior que zero.' } })
    const list = await t.app.inject({ url: `/api/stores/${storeId}/products`, headers: user.headers })
    expect(list.json()).toHaveLength(1)
  })

  it('adds product figures to the admin user details', async () => {
    const { user, storeId } = await t.merchantWithStore()
    for (const name of ['A', 'B', 'C', 'D']) await post(user, storeId, { ...physical, name })
    const admin = await t.login({ role: 'ADMIN' })
    const res = await t.app.inject({ url: `/api/admin/users/${user.id}`, headers: admin.headers })
    expect(res.statusCode).toBe(200)
    const store = res.json().stores[0]
    expect(store.productCount).toBe(4)
    expect(store.products.map((p: { name: string }) => p.name)).toEqual(['D', 'C', 'B'])
    expect(store.products[0]).toMatchObject({ price: 59.9 })
    expect(res.json().summary.totalProducts).toBe(4)
  })
})

describe('demo data', () => {
  it('seeds a physical product with stock and a digital one into the demo store', async () => {
    const { user, storeId } = await t.merchantWithStore()
    await catalogModule.seedDemo?.({ db: t.runtime.db, config: t.config, merchantId: user.id, storeId })
    const list = (await t.app.inject({ url: `/api/stores/${storeId}/products`, headers: user.headers })).json()
    expect(list.length).toBeGreaterThanOrEqual(2)
    expect(list.some((p: { type: string; stock: number }) => p.type === 'PHYSICAL' && p.stock > 0)).toBe(true)
    expect(list.some((p: { type: string; digitalFileUrl: string }) => p.type === 'DIGITAL' && p.digitalFileUrl)).toBe(
      true,
    )
  })
})

describe('catalogService', () => {
  it('finds products of a store only and reserves stock atomically', async () => {
    const a = await t.merchantWithStore()
    const b = await t.merchantWithStore()
    const p = (await post(a.user, a.storeId, { ...physical, stock: 3 })).json()
    const d = (await post(a.user, a.storeId, digital)).json()
    const db = t.runtime.db
    expect(await catalogService.findProduct(db, a.storeId, p.id)).toMatchObject({ priceCents: 5990, stock: 3 })
    expect(await catalogService.findProduct(db, b.storeId, p.id)).toBeUndefined()
    expect(await catalogService.findProduct(db, a.storeId, 'nope')).toBeUndefined()
    expect((await catalogService.findProducts(db, a.storeId, [p.id, d.id, 'x', p.id])).length).toBe(2)
    expect(await catalogService.findProducts(db, b.storeId, [p.id])).toEqual([])

    // five buyers race for three units: exactly three win
    const results = await Promise.all(
      Array.from({ length: 5 }, () => db.transaction().execute((trx) => catalogService.reserveStock(trx, p.id, 1))),
    )
    expect(results.filter(Boolean)).toHaveLength(3)
    expect((await catalogService.findProduct(db, a.storeId, p.id))?.stock).toBe(0)
    expect(await db.transaction().execute((trx) => catalogService.reserveStock(trx, d.id, 100))).toBe(true)
    await db.transaction().execute((trx) => catalogService.releaseStock(trx, p.id, 2))
    expect((await catalogService.findProduct(db, a.storeId, p.id))?.stock).toBe(2)
    expect(await db.transaction().execute((trx) => catalogService.reserveStock(trx, p.id, 3))).toBe(false)
  })
})
