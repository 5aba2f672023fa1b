/**
 * A local stand-in for the Asaas API v3, written from Asaas's public reference (docs.asaas.com), never from our
 * adapter: tests and the e2e point ASAAS_API_URL here.
 *
 *   auth          header `access_token` (keys `$aact_…`; each key is its own account); missing/invalid → 401
 *   errors        4xx `{ errors: [{ code, description }] }`
 *   customers     POST /v3/customers { name, cpfCnpj, email?, mobilePhone? }; GET /v3/customers?cpfCnpj=
 *   payments      POST /v3/payments { customer, billingType PIX|BOLETO|CREDIT_CARD, value (reais), dueDate,
 *                 externalReference?, description?, installmentCount?, totalValue?, creditCard + creditCardHolderInfo
 *                 | creditCardToken, remoteIp }; GET /v3/payments/:id; GET /v3/payments?externalReference=&customer=
 *                 &billingType=&status=;
 *                 DELETE /v3/payments/:id → { deleted: true, id } (GET then shows deleted: true)
 *                 a card is decided at once: CONFIRMED (with creditCard { creditCardNumber, creditCardBrand,
 *                 creditCardToken }) or 400 invalid_creditCard; PIX/BOLETO are PENDING
 *   PIX           GET /v3/payments/:id/pixQrCode → { encodedImage, payload, expirationDate }
 *   boleto        GET /v3/payments/:id/identificationField → { identificationField, nossoNumero, barCode }
 *   refunds       POST /v3/payments/:id/refund { value?, description? } → the payment, with `refunds`
 *   tokenization  POST /v3/creditCard/tokenizeCreditCard → { creditCardNumber, creditCardBrand, creditCardToken }
 *   balance       GET /v3/finance/balance → { balance }
 *   webhooks      POST to the registered URL with header `asaas-access-token` and { id, event, dateCreated, payment }
 *   PIX Automático (docs.asaas.com "Pix Automático", Journey 3): fake-asaas-pix-automatic.ts
 *   transfers     POST/GET /v3/transfers and their webhooks: fake-asaas-transfers.ts
 *
 * Sandbox test cards (Asaas's docs): 5184019740373151 and 4916561358240741 are declined; any other valid number passes.
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { asaasPixAutomatic, type FakeAsaasPixAutomatic } from './fake-asaas-pix-automatic'
import { checkSplit, fakeWallets } from './fake-asaas-split'
import { asaasTransfersFake, type FakeAsaasTransfers } from './fake-asaas-transfers'

export const FAKE_ASAAS_DECLINED = ['5184019740373151', '4916561358240741']

type Json = Record<string, unknown>

export interface FakeAsaasCall {
  method: string
  path: string
  accessToken: string | undefined
  body: Json | undefined
}

interface Payment extends Json {
  id: string
  status: string
  value: number
  billingType: string
  refunds: Json[] | null
}

export interface FakeAsaas extends FakeAsaasPixAutomatic, FakeAsaasTransfers {
  url: string
  calls: FakeAsaasCall[]
  /** The next `count` requests answer `status` (a 5xx outage) before anything is created. */
  failNext(status: number, count?: number): void
  /** Requests get no answer until close (a gateway that hangs). */
  hang(on: boolean): void
  payment(id: string): Payment | undefined
  /** The walletId of the account with this access token (split destinations are other accounts' wallets). */
  walletOf(accessToken: string): string
  /** The payer pays a pending PIX or boleto (RECEIVED). */
  receive(id: string): Payment
  /** The body of a webhook event for a payment, as Asaas POSTs it (header `asaas-access-token`: the merchant's token). */
  webhookEvent(event: string, paymentId: string, eventId?: string): Json
  /** Sends one webhook event for a payment to `url` with the merchant's token, as Asaas does. */
  sendWebhook(
    url: string,
    token: string | undefined,
    event: string,
    paymentId: string,
    eventId?: string,
  ): Promise<{ status: number; eventId: string }>
  close(): Promise<void>
}

const luhn = (n: string) => {
  if (!/^\d{13,19}$/.test(n)) return false
  let sum = 0
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}
const brandOf = (n: string) => (n.startsWith('4') ? 'VISA' : /^(5[1-5]|2[2-7])/.test(n) ? 'MASTERCARD' : 'ELO')
const err = (code: string, description: string) => ({ errors: [{ code, description }] })
const twoDecimals = (v: unknown) => typeof v === 'number' && v > 0 && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6
const today = () => new Date().toISOString().slice(0, 10)
const stamp = () => new Date().toISOString().replace('T', ' ').slice(0, 19)

export async function startFakeAsaas(): Promise<FakeAsaas> {
  const calls: FakeAsaasCall[] = []
  const customers = new Map<string, Json & { id: string; account: string }>()
  const payments = new Map<string, Payment & { account: string }>()
  const tokens = new Map<string, { account: string; customer: string; last4: string; brand: string }>()
  const wallets = fakeWallets()
  let failures: { status: number; left: number } | undefined
  let hanging = false
  const hung: ServerResponse[] = []
  let seq = 0
  const nextId = (prefix: string) => `${prefix}_${String(++seq).padStart(12, '0')}`
  const nextEventId = () => `evt_${randomUUID().replaceAll('-', '')}&${++seq}`
  const pix = asaasPixAutomatic({ customers, payments, nextId, nextEventId, err, twoDecimals, today, stamp })
  const transfers = asaasTransfersFake({ err, twoDecimals, today, stamp, nextEventId })

  const view = (p: Payment & { account: string }) => {
    const { account: _a, ...rest } = p
    return rest
  }

  function createPayment(account: string, b: Json): [number, Json] {
    const customer = customers.get(String(b.customer))
    if (!customer || customer.account !== account)
      return [400, err('invalid_customer', 'Cliente inválido ou não informado.')]
    if (!['PIX', 'BOLETO', 'CREDIT_CARD', 'UNDEFINED'].includes(String(b.billingType)))
      return [400, err('invalid_billingType', 'Forma de pagamento inválida.')]
    if (!twoDecimals(b.value)) return [400, err('invalid_value', 'Valor da cobrança inválido.')]
    if (typeof b.dueDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(b.dueDate))
      return [400, err('invalid_dueDate', 'Data de vencimento inválida.')]
    const mandateId = b.pixAutomaticAuthorizationId
    const refused = pix.checkRecurring(account, b, customer.id)
    if (refused) return refused
    const split = checkSplit(b.split, b.value as number, wallets.walletOf(account), wallets)
    if ('error' in split) return [400, split.error]
    const id = nextId('pay')
    const base: Payment & { account: string } = {
      object: 'payment',
      id,
      account,
      dateCreated: today(),
      customer: customer.id,
      value: b.value as number,
      netValue: b.value as number,
      description: b.description ?? null,
      billingType: String(b.billingType),
      status: 'PENDING',
      dueDate: b.dueDate,
      externalReference: b.externalReference ?? null,
      invoiceUrl: `https://sandbox.asaas.com/i/${id.slice(4)}`,
      bankSlipUrl: b.billingType === 'BOLETO' ? `https://sandbox.asaas.com/b/pdf/${id.slice(4)}` : null,
      confirmedDate: null,
      paymentDate: null,
      creditCard: null,
      refunds: null,
      deleted: false,
      pixAutomaticAuthorizationId: mandateId ?? null,
      split: split.split,
    }
    if (b.billingType === 'CREDIT_CARD' && (b.creditCard || b.creditCardToken)) {
      let card: { last4: string; brand: string; token: string }
      if (b.creditCardToken) {
        const saved = tokens.get(String(b.creditCardToken))
        if (!saved || saved.account !== account || saved.customer !== customer.id)
          return [400, err('invalid_creditCard', 'Token de cartão de crédito inválido.')]
        card = { last4: saved.last4, brand: saved.brand, token: String(b.creditCardToken) }
      } else {
        const checked = checkCard(b)
        if ('error' in checked) return [400, checked.error]
        if (FAKE_ASAAS_DECLINED.includes(checked.number))
          return [
            400,
            err(
              'invalid_creditCard',
              'Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.',
            ),
          ]
        const token = randomUUID()
        tokens.set(token, { account, customer: customer.id, last4: checked.number.slice(-4), brand: checked.brand })
        card = { last4: checked.number.slice(-4), brand: checked.brand, token }
      }
      Object.assign(base, {
        status: 'CONFIRMED',
        confirmedDate: today(),
        creditCard: { creditCardNumber: card.last4, creditCardBrand: card.brand, creditCardToken: card.token },
      })
    }
    payments.set(id, base)
    return [200, view(base)]
  }

  function checkCard(b: Json): { number: string; brand: string } | { error: Json } {
    const card = b.creditCard as Json | undefined
    const holder = b.creditCardHolderInfo as Json | undefined
    if (!card || !holder) return { error: err('invalid_creditCard', 'Informe os dados do cartão e do titular.') }
    for (const f of ['holderName', 'number', 'expiryMonth', 'expiryYear', 'ccv'])
      if (!card[f]) return { error: err('invalid_creditCard', `O campo ${f} do cartão deve ser informado.`) }
    for (const f of ['name', 'email', 'cpfCnpj', 'postalCode', 'addressNumber', 'phone'])
      if (!holder[f])
        return { error: err('invalid_creditCardHolderInfo', `O campo ${f} do titular do cartão deve ser informado.`) }
    if (!b.remoteIp) return { error: err('invalid_remoteIp', 'O IP do cliente deve ser informado.') }
    const number = String(card.number).replace(/\D/g, '')
    if (!luhn(number)) return { error: err('invalid_creditCard', 'Número do cartão de crédito inválido.') }
    return { number, brand: brandOf(number) }
  }

  async function route(req: IncomingMessage, body: Json | undefined): Promise<[number, unknown]> {
    const url = new URL(req.url ?? '/', 'http://asaas')
    const key = req.headers.access_token as string | undefined
    if (!key?.startsWith('$aact_')) return [401, err('invalid_access_token', 'A chave de API fornecida é inválida')]
    const account = key
    const path = url.pathname
    const m = req.method
    if (m === 'POST' && path === '/v3/customers') {
      if (!body?.name) return [400, err('invalid_name', 'O nome do cliente deve ser informado.')]
      if (!/^(\d{11}|\d{14})$/.test(String(body.cpfCnpj ?? '')))
        return [400, err('invalid_cpfCnpj', 'O CPF/CNPJ informado é inválido.')]
      const c = { object: 'customer', id: nextId('cus'), account, dateCreated: today(), ...body }
      customers.set(c.id, c)
      const { account: _a, ...shown } = c
      return [200, shown]
    }
    if (m === 'GET' && path === '/v3/customers') {
      const doc = url.searchParams.get('cpfCnpj')
      const data = [...customers.values()]
        .filter((c) => c.account === account && (!doc || c.cpfCnpj === doc))
        .map(({ account: _a, ...c }) => c)
      return [200, { object: 'list', hasMore: false, totalCount: data.length, limit: 10, offset: 0, data }]
    }
    if (m === 'GET' && path === '/v3/wallets') return [200, { data: [{ id: wallets.walletOf(account) }] }]
    if (m === 'POST' && path === '/v3/payments') return createPayment(account, body ?? {})
    if (m === 'GET' && path === '/v3/payments') {
      // The reference's list filters this fake plays: externalReference, customer, billingType, status.
      const q = (k: string) => url.searchParams.get(k)
      const data = [...payments.values()]
        .filter(
          (p) =>
            p.account === account &&
            (!q('externalReference') || p.externalReference === q('externalReference')) &&
            (!q('customer') || p.customer === q('customer')) &&
            (!q('billingType') || p.billingType === q('billingType')) &&
            (!q('status') || p.status === q('status')),
        )
        .map(view)
      return [200, { object: 'list', hasMore: false, totalCount: data.length, limit: 10, offset: 0, data }]
    }
    if (m === 'POST' && path === '/v3/creditCard/tokenizeCreditCard') {
      const customer = customers.get(String(body?.customer))
      if (!customer || customer.account !== account) return [400, err('invalid_customer', 'Cliente inválido.')]
      const checked = checkCard(body ?? {})
      if ('error' in checked) return [400, checked.error]
      const token = randomUUID()
      tokens.set(token, { account, customer: customer.id, last4: checked.number.slice(-4), brand: checked.brand })
      return [
        200,
        { creditCardNumber: checked.number.slice(-4), creditCardBrand: checked.brand, creditCardToken: token },
      ]
    }
    if (m === 'GET' && path === '/v3/finance/balance') return [200, { balance: 0 }]
    const automatic = pix.route(m, path, account, body) ?? transfers.route(m ?? '', url, account, body)
    if (automatic) return automatic
    const one = path.match(/^\/v3\/payments\/([^/]+)(\/pixQrCode|\/identificationField|\/refund)?$/)
    const p = one ? payments.get(one[1]!) : undefined
    if (!one || !p || p.account !== account) return [404, err('not_found', 'Cobrança não encontrada.')]
    if (m === 'GET' && !one[2]) return [200, view(p)]
    if (m === 'DELETE' && !one[2]) {
      if (p.deleted) return [404, err('not_found', 'Cobrança não encontrada.')]
      p.deleted = true
      return [200, { deleted: true, id: p.id }]
    }
    if (m === 'GET' && one[2] === '/pixQrCode') {
      const payload = `00020101021226820014br.gov.bcb.pix2560pix.asaas.com/qr/${p.id}520400005303986540${String(p.value.toFixed(2)).length}${p.value.toFixed(2)}5802BR5905ASAAS6009SAO PAULO62070503***6304ABCD`
      return [
        200,
        { encodedImage: Buffer.from(payload).toString('base64'), payload, expirationDate: `${p.dueDate} 23:59:59` },
      ]
    }
    if (m === 'GET' && one[2] === '/identificationField') {
      if (p.billingType !== 'BOLETO') return [400, err('invalid_action', 'Esta cobrança não é um boleto.')]
      const n = p.id.replace(/\D/g, '').padStart(12, '0')
      return [
        200,
        {
          identificationField: `00190000090${n}0000000000017${String(Math.round(p.value * 100)).padStart(10, '0')}`,
          nossoNumero: n,
          barCode: `0019${n}${String(Math.round(p.value * 100)).padStart(10, '0')}`.padEnd(44, '0'),
        },
      ]
    }
    if (m === 'POST' && one[2] === '/refund') {
      if (!['RECEIVED', 'CONFIRMED'].includes(p.status))
        return [400, err('invalid_action', 'Não é possível estornar uma cobrança que não foi paga.')]
      const done = (p.refunds ?? []).reduce((s, r) => s + Math.round((r.value as number) * 100), 0)
      const left = Math.round(p.value * 100) - done
      const value = body?.value === undefined ? left / 100 : body.value
      if (!twoDecimals(value) || Math.round((value as number) * 100) > left)
        return [400, err('invalid_value', 'O valor do estorno é maior que o saldo da cobrança.')]
      p.refunds = [
        ...(p.refunds ?? []),
        { dateCreated: stamp(), status: 'DONE', value, description: body?.description ?? null },
      ]
      if (Math.round((value as number) * 100) === left) p.status = 'REFUNDED'
      return [200, view(p)]
    }
    return [404, err('not_found', 'Recurso não encontrado.')]
  }

  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => {
      raw += c
    })
    req.on('end', async () => {
      let body: Json | undefined
      try {
        body = raw ? JSON.parse(raw) : undefined
      } catch {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify(err('invalid_json', 'JSON inválido')))
        return
      }
      calls.push({
        method: req.method ?? '',
        path: req.url ?? '',
        accessToken: req.headers.access_token as string,
        body,
      })
      if (hanging) {
        hung.push(res)
        return
      }
      if (failures && failures.left > 0) {
        failures.left--
        res.writeHead(failures.status, { 'content-type': 'text/html' }).end('<html>Service Unavailable</html>')
        return
      }
      const [status, out] = await route(req, body)
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(out))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    failNext(status, count = 1) {
      failures = { status, left: count }
    },
    hang(on) {
      hanging = on
    },
    payment: (id) => payments.get(id),
    walletOf: (accessToken) => wallets.walletOf(accessToken),
    receive(id) {
      const p = payments.get(id)
      if (!p) throw new Error(`no payment ${id}`)
      Object.assign(p, { status: 'RECEIVED', paymentDate: today(), confirmedDate: today() })
      return p
    },
    webhookEvent(event, paymentId, eventId = nextEventId()) {
      const p = payments.get(paymentId)
      return { id: eventId, event, dateCreated: stamp(), payment: p ? view(p) : { id: paymentId } }
    },
    async sendWebhook(url, token, event, paymentId, eventId = nextEventId()) {
      const p = payments.get(paymentId)
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { 'asaas-access-token': token } : {}) },
        body: JSON.stringify({ id: eventId, event, dateCreated: stamp(), payment: p ? view(p) : { id: paymentId } }),
      })
      return { status: res.status, eventId }
    },
    ...pix.testSide,
    ...transfers.testSide,
    async close() {
      for (const res of hung.splice(0)) res.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
