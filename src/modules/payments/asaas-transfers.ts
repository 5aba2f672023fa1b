/**
 * Asaas transfers to a PIX key (docs.asaas.com "Transferir para conta de outra Instituição ou chave Pix"):
 * POST /v3/transfers { value (reais), pixAddressKey, pixAddressKeyType CPF|CNPJ|EMAIL|PHONE|EVP, description?,
 * externalReference? } → { id, status PENDING|BANK_PROCESSING|DONE|CANCELLED|FAILED, value, failReason? };
 * GET /v3/transfers/:id; GET /v3/transfers?dateCreated[ge]=… (a page: { data, hasMore }). The TRANSFER_DONE /
 * TRANSFER_FAILED webhooks carry the same object, externalReference included.
 */
import { saoPauloDay } from '../../shared/dates'
import { TIMEOUTS } from './gateway-client'
import { GatewayError } from './gateway-http'
import type { GatewayTransfer, TransferPort, TransferStatus } from './gateway-port'

type Call = <T>(key: string, method: 'GET' | 'POST', path: string, timeoutMs: number, body?: unknown) => Promise<T>

interface AsaasTransfer {
  id?: string
  status?: string
  value?: number
  failReason?: string | null
  externalReference?: string | null
}

const STATUS: Record<string, TransferStatus> = {
  PENDING: 'PENDING',
  BANK_PROCESSING: 'PENDING',
  // Held by Asaas's checks (event TRANSFER_BLOCKED): not ended, it may still go through.
  BLOCKED: 'PENDING',
  DONE: 'DONE',
  CANCELLED: 'FAILED',
  FAILED: 'FAILED',
}

/** A lost answer is looked for among this many pages of the account's transfers since the attempt. */
const MAX_PAGES = 10
const PAGE = 100

export function toTransfer(t: AsaasTransfer): GatewayTransfer {
  const status = t.status ? STATUS[t.status] : undefined
  if (!t.id || !status || typeof t.value !== 'number') throw new GatewayError('malformed', 'Resposta inválida do Asaas')
  return {
    id: t.id,
    status,
    gatewayStatus: t.status!,
    amountCents: Math.round(t.value * 100),
    failReason: t.failReason ?? null,
    externalRef: t.externalReference ?? null,
  }
}

export function asaasTransfers(call: Call): TransferPort {
  return {
    async transfer(key, input) {
      return toTransfer(
        await call<AsaasTransfer>(key, 'POST', '/v3/transfers', TIMEOUTS.create, {
          value: Number((input.amountCents / 100).toFixed(2)),
          pixAddressKey: input.pixKey,
          pixAddressKeyType: input.pixKeyType,
          description: input.description.slice(0, 140),
          externalReference: input.externalRef,
        }),
      )
    },
    async readTransfer(key, id) {
      return toTransfer(
        await call<AsaasTransfer>(key, 'GET', `/v3/transfers/${encodeURIComponent(id)}`, TIMEOUTS.status),
      )
    },
    async findTransferByRef(key, ref, since) {
      // The list filters by creation day (São Paulo), not by our reference: the day before covers midnight.
      const from = saoPauloDay(new Date(since.getTime() - 86_400_000))
      for (let page = 0; page < MAX_PAGES; page++) {
        const list = await call<{ data?: AsaasTransfer[]; hasMore?: boolean }>(
          key,
          'GET',
          `/v3/transfers?dateCreated%5Bge%5D=${from}&offset=${page * PAGE}&limit=${PAGE}`,
          TIMEOUTS.list,
        )
        const found = list.data?.find((t) => t.externalReference === ref)
        if (found) return toTransfer(found)
        if (!list.hasMore) return undefined
      }
      // Not seen in what was read: unknown, never "absent" (a second transfer would follow).
      throw new GatewayError('malformed', 'Transferências demais para procurar no Asaas')
    },
  }
}
