import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeMelhorEnvio, startFakeMelhorEnvio } from '../../testing/fake-melhor-envio'
import { type MeAddress, MelhorEnvioError, melhorEnvioClient } from './melhor-envio-client'

const TOKEN = 'me-test-token'
const box = { weight: 0.6, height: 10, width: 15, length: 20 }
const address = (postal: string): MeAddress => ({
  name: 'Fulana',
  document: '52998224725',
  address: 'Rua A',
  number: '10',
  district: 'Centro',
  city: 'São Paulo',
  state_abbr: 'SP',
  country_id: 'BR',
  postal_code: postal,
})

let fake: FakeMelhorEnvio
beforeAll(async () => {
  fake = await startFakeMelhorEnvio()
})
afterAll(() => fake.close())

describe('Melhor Envio client against the fake', () => {
  it('quotes the services asked for, with the package, the token and a User-Agent', async () => {
    const client = melhorEnvioClient(fake.url)
    const quotes = await client.calculate(TOKEN, {
      from: '01310100',
      to: '20040020',
      package: box,
      insuranceValue: 199.9,
      services: [1, 2],
    })
    expect(quotes.map((q) => [q.id, q.name, q.company?.name])).toEqual([
      [1, 'PAC', 'Correios'],
      [2, 'SEDEX', 'Correios'],
    ])
    expect(Number(quotes[1]!.price)).toBeGreaterThan(Number(quotes[0]!.price))
    const call = fake.calls.at(-1)!
    expect(call.token).toBe(TOKEN)
    expect(call.userAgent).toMatch(/\(.+@.+\)/)
    expect(call.body).toMatchObject({ package: box, to: { postal_code: '20040020' }, services: '1,2' })
  })

  it('a service that does not serve the CEP comes back with its error, not a price', async () => {
    const quotes = await melhorEnvioClient(fake.url).calculate(TOKEN, {
      from: '01310100',
      to: '69005000',
      package: box,
      insuranceValue: 0,
      services: [3],
    })
    expect(quotes[0]).toMatchObject({ id: 3, error: expect.any(String) })
    expect(quotes[0]!.price).toBeUndefined()
  })

  it('a wrong token is rejected without echoing it', async () => {
    const err = await melhorEnvioClient(fake.url)
      .calculate('wrong-token-123', {
        from: '01310100',
        to: '20040020',
        package: box,
        insuranceValue: 0,
        services: [1],
      })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(MelhorEnvioError)
    expect((err as MelhorEnvioError).kind).toBe('rejected')
    expect((err as Error).message).not.toContain('wrong-token-123')
  })

  it("a 422 gives Melhor Envio's first field message", async () => {
    const err = await melhorEnvioClient(fake.url)
      .calculate(TOKEN, { from: '0131', to: '20040020', package: box, insuranceValue: 0, services: [1] })
      .catch((e: unknown) => e)
    expect((err as MelhorEnvioError).httpStatus).toBe(422)
    expect((err as Error).message).toContain('from.postal')
  })

  it('a slow Melhor Envio is `unavailable` after the quote timeout', async () => {
    fake.delay(6_000)
    try {
      const started = Date.now()
      const err = await melhorEnvioClient(fake.url)
        .calculate(TOKEN, { from: '01310100', to: '20040020', package: box, insuranceValue: 0, services: [1] })
        .catch((e: unknown) => e)
      expect((err as MelhorEnvioError).kind).toBe('unavailable')
      expect(Date.now() - started).toBeLessThan(5_900)
    } finally {
      fake.delay(0)
    }
  }, 10_000)

  it('buys a label: cart → checkout → generate → print, then tracks it to delivered', async () => {
    const client = melhorEnvioClient(fake.url)
    const item = await client.addToCart(TOKEN, {
      service: 2,
      from: address('01310100'),
      to: address('20040020'),
      products: [{ name: 'Camiseta', quantity: 1, unitary_value: 99.9 }],
      volume: box,
      insuranceValue: 99.9,
      orderTag: '#1001',
    })
    expect(item.protocol).toMatch(/^ORD-/)
    await client.checkout(TOKEN, [item.id])
    const generated = await client.generate(TOKEN, [item.id])
    expect(generated[item.id]?.status).toBe(true)
    const { url } = await client.print(TOKEN, [item.id])
    const pdf = await client.download(url)
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    let tracked = await client.tracking(TOKEN, [item.id])
    expect(tracked[item.id]).toMatchObject({ status: 'released', tracking: expect.stringMatching(/^AA\d{9}BR$/) })
    fake.advance(item.id, 'delivered')
    tracked = await client.tracking(TOKEN, [item.id])
    expect(tracked[item.id]).toMatchObject({ status: 'delivered', delivered_at: expect.any(String) })
  })

  it('finds a label with Pesquisar etiqueta by its id, protocol, tracking or a CPF, never by its tag', async () => {
    const client = melhorEnvioClient(fake.url)
    const buyer = { ...address('20040020'), document: '111.444.777-35' }
    const item = await client.addToCart(TOKEN, {
      service: 1,
      from: address('01310100'),
      to: buyer,
      products: [{ name: 'Caneca', quantity: 1, unitary_value: 30 }],
      volume: box,
      insuranceValue: 30,
      orderTag: '#2002',
    })
    const [byId] = await client.search(TOKEN, item.id)
    expect(byId).toMatchObject({ id: item.id, protocol: item.protocol, service_id: 1, status: 'pending' })
    expect(byId!.tags).toEqual([{ tag: '#2002', url: null }])
    const call = fake.calls.at(-1)!
    expect(call).toMatchObject({ path: '/api/v2/me/orders/search', token: TOKEN })
    expect(call.userAgent).toMatch(/\(.+@.+\)/)
    expect((await client.search(TOKEN, item.protocol)).map((o) => o.id)).toEqual([item.id])
    expect((await client.search(TOKEN, '11144477735')).map((o) => o.id)).toEqual([item.id])
    // The reference names the searchable fields: the tag (our order number) is not one of them.
    expect(await client.search(TOKEN, '#2002')).toEqual([])
  })

  it('a purchase above the balance is rejected with the reason', async () => {
    const client = melhorEnvioClient(fake.url)
    fake.setBalance(0)
    try {
      const item = await client.addToCart(TOKEN, {
        service: 1,
        from: address('01310100'),
        to: address('20040020'),
        products: [{ name: 'Caneca', quantity: 1, unitary_value: 30 }],
        volume: box,
        insuranceValue: 30,
        orderTag: '#1002',
      })
      const err = await client.checkout(TOKEN, [item.id]).catch((e: unknown) => e)
      expect((err as Error).message).toBe('Saldo insuficiente.')
    } finally {
      fake.setBalance(10_000)
    }
  })

  it('the fake keeps the documented rules: User-Agent, invoice key or non-commercial, print only generated labels', async () => {
    const raw = (path: string, body: unknown, userAgent = 'Teste (dev@checkout.local)') =>
      fetch(`${fake.url}${path}`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Bearer ${TOKEN}`,
          // Without one, fetch sends its own "node", which names no technical contact.
          ...(userAgent ? { 'user-agent': userAgent } : {}),
        },
        body: JSON.stringify(body),
      })
    const quote = { from: { postal_code: '01310100' }, to: { postal_code: '20040020' }, package: box }
    expect((await raw('/api/v2/me/shipment/calculate', quote, '')).status).toBe(400)
    const cart = {
      service: 1,
      from: address('01310100'),
      to: address('20040020'),
      volumes: [box],
      options: { insurance_value: 10 },
    }
    const noInvoice = await raw('/api/v2/me/cart', cart)
    expect(noInvoice.status).toBe(422)
    expect(await noInvoice.json()).toMatchObject({ errors: { 'options.invoice.key': expect.any(Array) } })
    const noDocument = await raw('/api/v2/me/cart', {
      ...cart,
      from: { ...address('01310100'), document: undefined },
      options: { non_commercial: true },
    })
    expect(await noDocument.json()).toMatchObject({ errors: { 'from.document': expect.any(Array) } })
    const item = (await (await raw('/api/v2/me/cart', { ...cart, options: { non_commercial: true } })).json()) as {
      id: string
    }
    await raw('/api/v2/me/shipment/checkout', { orders: [item.id] })
    expect((await raw('/api/v2/me/shipment/print', { mode: 'public', orders: [item.id] })).status).toBe(422)
  })
})
