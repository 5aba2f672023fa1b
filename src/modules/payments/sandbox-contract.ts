/**
 * The sandbox's side of the gateway contract (gateway-client.ts): the key that names an account, and which request
 * goes where. The HTTP routes (sandbox-routes.ts) and the in-process transport (gateway.ts) both land here.
 */
import { createHash } from 'node:crypto'
import { toSandboxWire } from './dto'
import type { WireRequest, WireResponse } from './gateway-client'
import { createSandboxCharge, refundSandboxCharge, SANDBOX_KEY_PREFIX, type SandboxDeps, wire } from './sandbox'
import * as repo from './sandbox.repository'
import { SANDBOX_VERIFY_PATH, verifySandboxCard } from './sandbox-verify'

const PAGE_SIZE = 20

/** The account a key names (its hash: the key itself is never kept), or undefined for a key the sandbox refuses. */
/** Keys starting so name an account whose gateway is down: every call answers 503 (the fallback's test double). */
export const SANDBOX_DOWN_PREFIX = `${SANDBOX_KEY_PREFIX}down_`

function keyOf(headers: Record<string, string | undefined>): string | undefined {
  const auth = headers.authorization ?? ''
  if (auth.startsWith('Basic ')) return Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')[0]
  if (auth.startsWith('Bearer ')) return auth.slice(7)
  return headers['x-api-key']
}

function accountOf(headers: Record<string, string | undefined>): string | undefined {
  const auth = headers.authorization ?? ''
  let key: string | undefined
  if (auth.startsWith('Basic ')) key = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')[0]
  else if (auth.startsWith('Bearer ')) key = auth.slice(7)
  key ??= headers['x-api-key']
  if (!key?.startsWith(SANDBOX_KEY_PREFIX) || key.length < SANDBOX_KEY_PREFIX.length + 4) return undefined
  return createHash('sha256').update(key).digest('hex')
}

/** A JSON body, or the 400 the gateway answers for one that is not. */
function parseBody(body: string | undefined): { raw: unknown } | { error: WireResponse } {
  try {
    return { raw: JSON.parse(body ?? '') }
  } catch {
    return { error: wire(400, { message: 'JSON inválido' }) }
  }
}

/** Serves one request of the gateway contract. */
export async function handleSandboxRequest(
  deps: SandboxDeps,
  req: Pick<WireRequest, 'method' | 'path' | 'headers' | 'body'>,
): Promise<WireResponse> {
  const url = new URL(req.path, 'http://sandbox')
  if (keyOf(req.headers)?.startsWith(SANDBOX_DOWN_PREFIX)) return wire(503, { message: 'Service Unavailable' })
  const account = accountOf(req.headers)
  if (!account) return wire(401, { message: 'Unauthorized: chave de API inválida' })

  if (req.method === 'POST' && url.pathname === '/v1/transactions') {
    const body = parseBody(req.body)
    return 'error' in body ? body.error : createSandboxCharge(deps, account, body.raw)
  }
  if (req.method === 'POST' && url.pathname === SANDBOX_VERIFY_PATH) {
    const body = parseBody(req.body)
    return 'error' in body ? body.error : verifySandboxCard(deps, account, body.raw)
  }
  if (req.method === 'GET' && url.pathname === '/v1/transactions') {
    const page = Math.max(1, Number(url.searchParams.get('page')) || 1)
    const status = url.searchParams.get('status')?.toUpperCase()
    const { rows, total } = await repo.listSandboxRows(deps.db, { account, status, page, pageSize: PAGE_SIZE })
    return wire(200, { data: rows.map(toSandboxWire), pagination: { page, pageSize: PAGE_SIZE, total } })
  }
  const refund = url.pathname.match(/^\/v1\/transactions\/([^/]+)\/refunds$/)
  if (req.method === 'POST' && refund) {
    const body = parseBody(req.body)
    return 'error' in body ? body.error : refundSandboxCharge(deps, account, decodeURIComponent(refund[1]!), body.raw)
  }
  const one = url.pathname.match(/^\/v1\/transactions\/([^/]+)$/)
  if (req.method === 'GET' && one) {
    const row = await repo.findSandboxRow(deps.db, decodeURIComponent(one[1]!))
    if (!row || row.account !== account) return wire(404, { message: 'Transação não encontrada' })
    return wire(200, { data: toSandboxWire(row) })
  }
  if (req.method === 'GET' && url.pathname === '/v1/balance/available') {
    const amount = await repo.sandboxPaidTotal(deps.db, account)
    return wire(200, { data: { amount, recipientId: account.slice(0, 12) } })
  }
  return wire(404, { message: 'Rota não encontrada' })
}
