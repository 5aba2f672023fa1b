/**
 * The AtivoPay contract behind the gateway port (gateway-client.ts speaks its wire format). The built-in sandbox
 * speaks the same contract and adds what the seed gateway lacks: card tokens and merchant-initiated charges.
 */
import type { GatewayClient } from './gateway-client'
import type { Gateway, GatewayProvider, PixAutomaticPort } from './gateway-port'

/** How far back the gateway's newest-first list is searched for a charge whose answer was lost (20 per page). */
const LOOKUP_PAGES = 5

/** `pixAutomatic`: the built-in sandbox's (sandbox-pix-automatic.ts); the AtivoPay contract has none. */
export function ativoPayGateway(
  client: GatewayClient,
  provider: Extract<GatewayProvider, 'ativopay' | 'sandbox'>,
  pixAutomatic?: PixAutomaticPort,
) {
  const cardOnFile = provider === 'sandbox'
  const gateway: Gateway = {
    provider,
    capabilities: {
      cardOnFile,
      refunds: true,
      split: false,
      pixAutomatic: Boolean(pixAutomatic),
      holderAddress: false,
      // The sandbox's card check is added where the sandbox is composed (gateway.ts, sandbox-verify.ts).
      cardVerification: false,
    },
    pixAutomatic,
    async charge(key, input) {
      const gw = await client.createTransaction(key, { ...input, tokenize: cardOnFile && input.tokenize })
      const token = gw.card?.token
      return token ? { ...gw, savedCard: { token, customerRef: null } } : gw
    },
    read: (key, id) => client.getTransaction(key, id),
    async findByRef(key, ref, since) {
      for (let page = 1; page <= LOOKUP_PAGES; page++) {
        const list = await client.listTransactions(key, { page })
        const hit = list.data.find((t) => t.externalRef === ref)
        if (hit) return hit
        const oldest = list.data.at(-1)?.createdAt
        if (list.data.length === 0 || (oldest && new Date(oldest).getTime() < since.getTime() - 60_000)) break
      }
      return undefined
    },
    refund: (key, id, input) => client.refundTransaction(key, id, input),
    checkHealth: (key) => client.checkHealth(key),
  }
  return gateway
}
