import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type CreateTransactionInput,
  createGatewayClient,
  GATEWAY_MESSAGES,
  GatewayError,
  httpTransport,
  TIMEOUTS,
} from './gateway-client'

interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}
type Answer = { status: number; body: string | object; delayMs?: number }

let server: Server
let base: string
let seen: Seen[] = []
let answer: Answer = { status: 200, body: {} }

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body })
      const send = () => {
        res.writeHead(answer.status, { 'content-type': 'application/json' })
        res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body))
      }
      if (answer.delayMs) setTimeout(send, answer.delayMs)
      else send()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
beforeEach(() => {
  seen = []
})

const KEY = 'sk_live_abc123'
const client = () => createGatewayClient(httpTransport(base))

const pixInput: CreateTransactionInput = {
  amountCents: 15_990,
  method: 'PIX',
  customer: { name: 'Maria Silva', email: 'maria@example.com', phone: '(11) 98765-4321', document: '529.982.247-25' },
  items: [{ title: 'Camiseta', unitPriceCents: 15_990, quantity: 1, tangible: true, externalRef: 'prod-1' }],
  pixExpiresInDays: 1,
  postbackUrl: 'https://loja.example.com/api/payment/ativo-pay/webhook/callback',
  externalRef: 'pay-1',
  metadata: { orderRef: 'order-1' },
  ip: '200.1.2.3',
}

const wireTx = {
  id: 'gw_123',
  status: 'WAITING_PAYMENT',
  amount: 15_990,
  paymentMethod: 'PIX',
  pix: { qrcode: '000201...6304ABCD', expirationDate: '2026-01-02T00:00:00.000Z' },
  metadata: '{"orderRef":"order-1"}',
}

async function gatewayError(p: Promise<unknown>): Promise<GatewayError> {
  try {
    await p
  } catch (err) {
    expect(err).toBeInstanceOf(GatewayError)
    return err as GatewayError
  }
  throw new Error('expected a GatewayError')
}

describe('gateway client: requests', () => {
  it('creates a PIX transaction with the exact wire format', async () => {
    answer = { status: 200, body: { data: wireTx } }
    const tx = await client().createTransaction(KEY, pixInput)
    expect(seen).toHaveLength(1)
    const req = seen[0]!
    expect(req.method).toBe('POST')
    expect(req.url).toBe('/v1/transactions')
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`${KEY}:x`).toString('base64')}`)
    expect(req.headers['content-type']).toBe('application/json')
    expect(JSON.parse(req.body)).toEqual({
      amount: 15_990,
      paymentMethod: 'PIX',
      customer: {
        name: 'Maria Silva',
        email: 'maria@example.com',
        phone: '11987654321',
        document: { type: 'CPF', number: '52998224725' },
      },
      items: [{ title: 'Camiseta', unitPrice: 15_990, quantity: 1, tangible: true, externalRef: 'prod-1' }],
      pix: { expiresInDays: 1 },
      postbackUrl: 'https://loja.example.com/api/payment/ativo-pay/webhook/callback',
      externalRef: 'pay-1',
      metadata: { orderRef: 'order-1' },
      ip: '200.1.2.3',
    })
    expect(tx).toMatchObject({
      id: 'gw_123',
      status: 'PENDING',
      gatewayStatus: 'WAITING_PAYMENT',
      amountCents: 15_990,
      method: 'PIX',
      pix: { qrcode: '000201...6304ABCD', expirationDate: '2026-01-02T00:00:00.000Z' },
      metadata: { orderRef: 'order-1' },
    })
  })

  it('sends card data, installments, boleto days and CNPJ documents as the contract names them', async () => {
    answer = { status: 200, body: { data: { ...wireTx, status: 'paid', paymentMethod: 'credit_card', pix: null } } }
    const tx = await client().createTransaction(KEY, {
      ...pixInput,
      method: 'CREDIT_CARD',
      customer: { ...pixInput.customer, document: '11.222.333/0001-81' },
      card: { number: '4111 1111 1111 1111', holderName: 'MARIA SILVA', expMonth: 12, expYear: 2030, cvv: '123' },
      installments: 3,
    })
    const body = JSON.parse(seen[0]!.body)
    expect(body.customer.document).toEqual({ type: 'CNPJ', number: '11222333000181' })
    expect(body.card).toEqual({
      number: '4111111111111111',
      holderName: 'MARIA SILVA',
      expirationMonth: 12,
      expirationYear: 2030,
      cvv: '123',
    })
    expect(body.installments).toBe(3)
    expect(body.pix).toBeUndefined()
    expect(tx.status).toBe('PAID')
    expect(tx.method).toBe('CREDIT_CARD')

    seen = []
    answer = { status: 200, body: { data: { ...wireTx, paymentMethod: 'BOLETO', pix: null } } }
    await client().createTransaction(KEY, { ...pixInput, method: 'BOLETO', boletoExpiresInDays: 5 })
    expect(JSON.parse(seen[0]!.body).boleto).toEqual({ expiresInDays: 5 })
  })

  it('reads one transaction, lists and checks health with the key', async () => {
    answer = { status: 200, body: { data: { ...wireTx, status: 'PAID', paidAmount: 15_990 } } }
    const tx = await client().getTransaction(KEY, 'gw_123')
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/v1/transactions/gw_123' })
    expect(seen[0]!.headers.authorization).toMatch(/^Basic /)
    expect(tx).toMatchObject({ status: 'PAID', paidAmountCents: 15_990 })

    answer = { status: 200, body: { data: [wireTx, { ...wireTx, id: 'gw_2' }], pagination: { page: 2, total: 22 } } }
    const list = await client().listTransactions(KEY, { page: 2, status: 'PAID' })
    expect(seen[1]!.url).toBe('/v1/transactions?page=2&status=PAID')
    expect(list.data.map((t) => t.id)).toEqual(['gw_123', 'gw_2'])
    expect(list).toMatchObject({ page: 2, total: 22 })

    answer = { status: 200, body: { data: { amount: 0 } } }
    await client().checkHealth(KEY)
    expect(seen[2]).toMatchObject({ method: 'GET', url: '/v1/balance/available' })
  })

  it('maps every gateway status to ours', async () => {
    const cases: [string, string, boolean][] = [
      ['WAITING_PAYMENT', 'PENDING', false],
      ['processing', 'PENDING', false],
      ['PAID', 'PAID', false],
      ['REFUSED', 'REFUSED', false],
      ['EXPIRED', 'EXPIRED', false],
      ['CANCELED', 'CANCELLED', false],
      ['REFUNDED', 'REFUNDED', false],
      ['CHARGEDBACK', 'REFUNDED', true],
      ['CHARGED_BACK', 'REFUNDED', true],
      ['chargedback', 'REFUNDED', true],
    ]
    for (const [wire, ours, chargedBack] of cases) {
      answer = { status: 200, body: { data: { ...wireTx, status: wire } } }
      const tx = await client().getTransaction(KEY, 'x')
      expect({ wire, status: tx.status, chargedBack: tx.chargedBack }).toEqual({ wire, status: ours, chargedBack })
    }
  })
})

describe('gateway client: errors (spec 001 §8, 002 §8)', () => {
  it('401 and 403 are an invalid key for the store', async () => {
    for (const status of [401, 403]) {
      answer = { status, body: { message: 'Unauthorized' } }
      const err = await gatewayError(client().createTransaction(KEY, pixInput))
      expect(err.kind).toBe('unauthorized')
      expect(err.message).toBe(GATEWAY_MESSAGES.unauthorized)
    }
  })

  it('400 carries the server text, or "Dados inválidos"', async () => {
    answer = { status: 400, body: { message: 'customer.document.number inválido' } }
    let err = await gatewayError(client().createTransaction(KEY, pixInput))
    expect(err).toMatchObject({ kind: 'invalid', message: 'customer.document.number inválido' })
    answer = { status: 422, body: { error: 'amount deve ser maior que zero' } }
    err = await gatewayError(client().createTransaction(KEY, pixInput))
    expect(err).toMatchObject({ kind: 'invalid', message: 'amount deve ser maior que zero' })
    answer = { status: 400, body: '' }
    err = await gatewayError(client().createTransaction(KEY, pixInput))
    expect(err).toMatchObject({ kind: 'invalid', message: 'Dados inválidos' })
  })

  it('a malformed answer is "Resposta inválida do proxy AtivoPay"', async () => {
    for (const body of ['<html>oops</html>', { data: { id: 'x' } }, { data: { ...wireTx, status: 'WHATEVER' } }, {}]) {
      answer = { status: 200, body }
      const err = await gatewayError(client().createTransaction(KEY, pixInput))
      expect(err).toMatchObject({ kind: 'malformed', message: 'Resposta inválida do proxy AtivoPay' })
    }
    answer = { status: 200, body: { data: 'nope' } }
    const err = await gatewayError(client().listTransactions(KEY))
    expect(err.kind).toBe('malformed')
  })

  it('other statuses become "Erro na transação: …"; 404 is not found; 503 is unavailable', async () => {
    answer = { status: 500, body: { message: 'boom' } }
    expect(await gatewayError(client().createTransaction(KEY, pixInput))).toMatchObject({
      kind: 'other',
      message: 'Erro na transação: boom',
    })
    answer = { status: 404, body: { message: 'not found' } }
    expect((await gatewayError(client().getTransaction(KEY, 'nope'))).kind).toBe('not_found')
    answer = { status: 503, body: '' }
    expect((await gatewayError(client().getTransaction(KEY, 'x'))).kind).toBe('unavailable')
  })

  it('connection refused means the gateway is unavailable', async () => {
    const closed = createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((r) => closed.close(() => r()))
    const err = await gatewayError(
      createGatewayClient(httpTransport(`http://127.0.0.1:${port}`)).createTransaction(KEY, pixInput),
    )
    expect(err).toMatchObject({ kind: 'unavailable', message: GATEWAY_MESSAGES.unavailable })
  })

  it('a gateway slower than the health timeout (under the 5 s the browser waits) is unavailable', async () => {
    expect(TIMEOUTS.health).toBeLessThan(5_000)
    answer = { status: 200, body: { data: {} }, delayMs: 6_000 }
    const started = Date.now()
    const err = await gatewayError(client().checkHealth(KEY))
    expect(err.kind).toBe('unavailable')
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUTS.health - 100)
    expect(Date.now() - started).toBeLessThan(5_900)
  }, 10_000)

  it('never calls the gateway without a key', async () => {
    const err = await gatewayError(client().checkHealth(''))
    expect(err.kind).toBe('unauthorized')
    expect(seen).toHaveLength(0)
  })
})
