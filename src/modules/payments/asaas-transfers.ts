/**
 * Asaas transfers to a PIX key (docs.asaas.com "Transferir para conta de outra Instituição ou chave Pix"):
 * POST /v3/transfers { value (reais), pixAddressKey, pixAddressKeyType CPF|CNPJ|EMAIL|PHONE|EVP, description?,
 * externalReference? } → { id, status PENDING|BANK_PROCESSING|DONE|CANCELLED|FAILED, value, failReason? };
 * GET /v3/transfers/:id. The TRANSFER_DONE / TRANSFER_FAILED webhooks carry the same object.
 */
import { TIMEOUTS } from './gateway-client'
import { GatewayError } from './gateway-http'
import type { GatewayTransfer, TransferPort, TransferStatus } from './gateway-port'

type Call = <T>(key: string, method: 'GET' | 'POST', path: string, timeoutMs: number, body?: unknown) => Promise<T>

interface AsaasTransfer {
  id?: string
  status?: string
  value?: number
  failReason?: string | null
}

const STATUS: Record<string, TransferStatus> = {
  PENDING: 'PENDING',
  BANK_PROCESSING: 'PENDING',
  DONE: 'DONE',
  CANCELLED: 'FAILED',
  FAILED: 'FAILED',
}

export function toTransfer(t: AsaasTransfer): GatewayTransfer {
  const status = t.status ? STATUS[t.status] : undefined
  if (!t.id || !status || typeof t.value !== 'number') throw new GatewayError('malformed', 'Resposta inválida do Asaas')
  return {
    id: t.id,
    status,
    gatewayStatus: t.status!,
    amountCents: Math.round(t.value * 100),
    failReason: t.failReason ?? null,
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
  }
}
