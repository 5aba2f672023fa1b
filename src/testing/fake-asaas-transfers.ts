/**
 * The transfers part of the Asaas fake (fake-asaas.ts), written from Asaas's public reference, never from our
 * adapter: docs.asaas.com "Transferir para conta de outra Instituição ou chave Pix", "Recuperar uma única
 * transferência", "Listar transferências", "FAQ de Transferências" and "Eventos para transferências".
 *
 *   POST /v3/transfers { value (reais, > 0, two decimals), pixAddressKey, pixAddressKeyType
 *        CPF|CNPJ|EMAIL|PHONE|EVP, description?, externalReference?, operationType? } → the transfer:
 *        { object: 'transfer', id (UUID), dateCreated, status PENDING, effectiveDate null, type 'BANK_ACCOUNT',
 *        operationType 'PIX', value, netValue, transferFee, failReason null, externalReference, bankAccount {
 *        pixAddressKey, … }, description }. The value must not exceed the account's available balance (400).
 *   GET  /v3/transfers/:id → the transfer (404 for another account's)
 *   GET  /v3/transfers?dateCreated[ge]=YYYY-MM-DD&offset&limit → { object: 'list', hasMore, totalCount, limit,
 *        offset, data } (externalReference is returned on every transfer)
 *   life PENDING → BANK_PROCESSING → DONE, or FAILED (failReason) / CANCELLED
 *   webhooks POST { id: 'evt_…', event: TRANSFER_DONE|TRANSFER_FAILED|…, dateCreated, transfer } with header
 *        `asaas-access-token`; at-least-once delivery (the same event id may come again)
 */
import { randomUUID } from 'node:crypto'

type Json = Record<string, unknown>
type Answer = [number, Json]

const KEY_TYPES = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP']

interface Transfer extends Json {
  id: string
  status: string
  value: number
  externalReference: string | null
  failReason: string | null
}

/** What the transfers part shares with the rest of the fake. */
export interface TransfersFakeCore {
  err(code: string, description: string): Json
  twoDecimals(v: unknown): boolean
  today(): string
  stamp(): string
  nextEventId(): string
}

/** The test side: money in the paying account, and the bank's moves. */
export interface FakeAsaasTransfers {
  /** The account (access token) has this much available to transfer, in reais (every account starts at 0). */
  setBalance(accessToken: string, reais: number): void
  balanceOf(accessToken: string): number
  transfer(id: string): Json | undefined
  /** Every transfer made by an account, oldest first. */
  transfersOf(accessToken: string): Json[]
  /** The bank settled it: DONE (effectiveDate today). */
  completeTransfer(id: string): Json
  /** The bank refused it: FAILED with `reason` (the amount goes back to the balance). */
  failTransfer(id: string, reason: string): Json
  /** Sends one transfer event to `url`, as Asaas does; the same eventId twice is a redelivery. */
  sendTransferWebhook(
    url: string,
    token: string | undefined,
    event: string,
    transferId: string,
    eventId?: string,
  ): Promise<{ status: number; eventId: string }>
}

export function asaasTransfersFake(core: TransfersFakeCore) {
  const { err, twoDecimals, today, stamp } = core
  const transfers = new Map<string, Transfer & { account: string }>()
  const balances = new Map<string, number>()
  const cents = (reais: number) => Math.round(reais * 100)

  const shown = (t: Transfer & { account: string }) => {
    const { account: _a, ...rest } = t
    return rest
  }

  function create(account: string, b: Json): Answer {
    if (!twoDecimals(b.value)) return [400, err('invalid_value', 'O valor da transferência é inválido.')]
    const key = typeof b.pixAddressKey === 'string' ? b.pixAddressKey.trim() : ''
    if (!key) return [400, err('invalid_pixAddressKey', 'A chave Pix deve ser informada.')]
    if (!KEY_TYPES.includes(String(b.pixAddressKeyType)))
      return [400, err('invalid_pixAddressKeyType', 'O tipo da chave Pix é inválido.')]
    const value = b.value as number
    const balance = balances.get(account) ?? 0
    if (cents(value) > balance)
      return [400, err('insufficient_balance', 'Saldo insuficiente para realizar a transferência.')]
    balances.set(account, balance - cents(value))
    const t: Transfer & { account: string } = {
      object: 'transfer',
      id: randomUUID(),
      account,
      dateCreated: today(),
      status: 'PENDING',
      effectiveDate: null,
      endToEndIdentifier: null,
      type: 'BANK_ACCOUNT',
      operationType: 'PIX',
      value,
      netValue: value,
      transferFee: 0,
      scheduleDate: today(),
      authorized: true,
      failReason: null,
      transactionReceiptUrl: null,
      externalReference: typeof b.externalReference === 'string' ? b.externalReference : null,
      description: b.description ?? null,
      bankAccount: { pixAddressKey: key, pixAddressKeyType: b.pixAddressKeyType },
    }
    transfers.set(t.id, t)
    return [200, shown(t)]
  }

  function list(account: string, url: URL): Answer {
    const since = url.searchParams.get('dateCreated[ge]')
    const offset = Number(url.searchParams.get('offset') ?? 0)
    const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 10))
    const all = [...transfers.values()].filter(
      (t) => t.account === account && (!since || String(t.dateCreated) >= since),
    )
    const data = all.slice(offset, offset + limit).map(shown)
    return [200, { object: 'list', hasMore: offset + limit < all.length, totalCount: all.length, limit, offset, data }]
  }

  function mustFind(id: string) {
    const t = transfers.get(id)
    if (!t) throw new Error(`no transfer ${id}`)
    return t
  }

  const testSide: FakeAsaasTransfers = {
    setBalance: (account, reais) => void balances.set(account, cents(reais)),
    balanceOf: (account) => (balances.get(account) ?? 0) / 100,
    transfer: (id) => {
      const t = transfers.get(id)
      return t && shown(t)
    },
    transfersOf: (account) => [...transfers.values()].filter((t) => t.account === account).map(shown),
    completeTransfer(id) {
      const t = mustFind(id)
      Object.assign(t, { status: 'DONE', effectiveDate: today(), endToEndIdentifier: `E${id.replaceAll('-', '')}` })
      return shown(t)
    },
    failTransfer(id, reason) {
      const t = mustFind(id)
      Object.assign(t, { status: 'FAILED', failReason: reason })
      balances.set(t.account, (balances.get(t.account) ?? 0) + cents(t.value))
      return shown(t)
    },
    async sendTransferWebhook(url, token, event, transferId, eventId = core.nextEventId()) {
      const t = mustFind(transferId)
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { 'asaas-access-token': token } : {}) },
        body: JSON.stringify({ id: eventId, event, dateCreated: stamp(), transfer: shown(t) }),
      })
      return { status: res.status, eventId }
    },
  }

  return {
    /** Answers a transfers request, or undefined when the path is not one of them. */
    route(method: string, url: URL, account: string, body: Json | undefined): Answer | undefined {
      const path = url.pathname
      if (path === '/v3/transfers') {
        if (method === 'POST') return create(account, body ?? {})
        if (method === 'GET') return list(account, url)
        return undefined
      }
      const one = path.match(/^\/v3\/transfers\/([^/]+)$/)
      if (!one || method !== 'GET') return undefined
      const t = transfers.get(decodeURIComponent(one[1]!))
      if (!t || t.account !== account) return [404, err('not_found', 'Transferência não encontrada.')]
      return [200, shown(t)]
    },
    testSide,
  }
}
