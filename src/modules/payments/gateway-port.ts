/**
 * The gateway port: what every adapter (AtivoPay, the built-in sandbox, Asaas) does, in our terms (cents, our
 * statuses). The rest of the module asks a Gateway and its capabilities, never an adapter by name.
 */
import type {
  CreateTransactionInput,
  GatewayErrorKind,
  GatewayRefund,
  GatewayTransaction,
  RefundInput,
} from './gateway-client'

export const GATEWAY_PROVIDERS = ['ativopay', 'asaas', 'sandbox'] as const
export type GatewayProvider = (typeof GATEWAY_PROVIDERS)[number]

export interface GatewayCapabilities {
  /** Tokenizes a card and charges the token later without the buyer (no CVV). */
  cardOnFile: boolean
  refunds: boolean
  split: boolean
  pixAutomatic: boolean
}

/** A charge: raw card data (never stored) or a saved card's token, with the gateway's customer it belongs to. */
export interface GatewayChargeInput extends CreateTransactionInput {
  cardToken?: string
  customerRef?: string
  /** Ask the gateway for a reusable token of the card (adapters with cardOnFile). */
  tokenize?: boolean
}

/** What a charge answers: the transaction, and a reusable token when one was asked and given. */
export type GatewayCharge = GatewayTransaction & { savedCard?: { token: string; customerRef: string | null } }

export interface Gateway {
  readonly provider: GatewayProvider
  readonly capabilities: GatewayCapabilities
  charge(key: string, input: GatewayChargeInput): Promise<GatewayCharge>
  read(key: string, id: string): Promise<GatewayTransaction>
  /** The charge we created with externalRef `ref` (its answer was lost), looked for among those since `since`. */
  findByRef(key: string, ref: string, since: Date): Promise<GatewayTransaction | undefined>
  refund(key: string, id: string, input: RefundInput): Promise<GatewayRefund>
  /** Resolves when the key is accepted; throws GatewayError otherwise. */
  checkHealth(key: string): Promise<void>
}

/**
 * Whether a failed charge may be sent to the next account: only when the gateway surely created nothing — the
 * connection never opened, or it answered 5xx. A timeout or an unreadable answer may hide a charge made: never.
 */
export function safeToFallBack(err: { kind: GatewayErrorKind; httpStatus?: number; connectFailed?: boolean }) {
  if (err.kind !== 'unavailable' && err.kind !== 'other') return false
  return err.connectFailed === true || (err.httpStatus !== undefined && err.httpStatus >= 500)
}
