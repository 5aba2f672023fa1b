/**
 * The sandbox's card check (issue 36, a free trial): `POST /v1/cards/verify` checks a card without moving money and
 * answers a token chargeable later by the same account, as a paid charge's token is. The test cards keep their
 * meaning: 4000 0000 0000 0002 is refused here; 0341 and 0069 verify fine and decline later on their token.
 * Both sides live here: the sandbox's handler and the adapter call the port's verifyCard makes.
 */
import { z } from 'zod'
import { authHeader, GATEWAY_MESSAGES, TIMEOUTS } from './gateway-client'
import { GatewayError, type GatewayTransport, sendJson } from './gateway-http'
import type { CardVerification, CardVerificationInput, Gateway } from './gateway-port'
import { cardBrand, luhnValid, SANDBOX_CARDS, type SandboxDeps, wire } from './sandbox'
import * as repo from './sandbox.repository'

export const SANDBOX_VERIFY_PATH = '/v1/cards/verify'
/** The sandbox row of a card check: never a payment (no amount, kept out of the transaction list). */
export const VERIFICATION_METHOD = 'CARD_VERIFICATION'

const verifySchema = z.object({
  card: z.object({
    number: z.string(),
    holderName: z.string().min(1),
    expirationMonth: z.number().int().min(1).max(12),
    expirationYear: z.number().int(),
    cvv: z.string().regex(/^\d{3,4}$/, 'CVV inválido'),
  }),
  customer: z.object({ name: z.string().min(1), email: z.string().email('customer.email inválido') }),
  externalRef: z.string().optional(),
})

/** The sandbox's answer to a card check: VERIFIED with a token, or REFUSED; 400 for a card that is not one. */
export async function verifySandboxCard(deps: SandboxDeps, account: string, raw: unknown) {
  const parsed = verifySchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return wire(400, { message: `${issue.path.join('.')}: ${issue.message}` })
  }
  const { card, customer, externalRef } = parsed.data
  const number = card.number.replace(/\D/g, '')
  if (!luhnValid(number)) return wire(400, { message: 'Número do cartão inválido' })
  const year = card.expirationYear < 100 ? 2000 + card.expirationYear : card.expirationYear
  const now = new Date()
  if (new Date(Date.UTC(year, card.expirationMonth, 1)) <= now) return wire(400, { message: 'Cartão expirado' })
  const refused = number === SANDBOX_CARDS.refused
  const row = await repo.insertSandboxRow(deps.db, {
    account,
    amount: 0,
    payment_method: VERIFICATION_METHOD,
    status: refused ? 'REFUSED' : 'VERIFIED',
    customer: JSON.stringify(customer),
    items: '[]',
    external_ref: externalRef ?? null,
    card_last_digits: number.slice(-4),
    card_brand: cardBrand(number),
    refused_reason: refused ? 'Transação recusada pelo emissor (cartão de teste)' : null,
    card_token: refused ? null : `tok_sandbox_${crypto.randomUUID()}`,
    updated_at: now,
  })
  return wire(200, {
    data: {
      id: row.id,
      status: row.status,
      refusedReason: row.refused_reason,
      card: { lastDigits: row.card_last_digits, brand: row.card_brand, token: row.card_token },
    },
  })
}

const answerSchema = z.object({
  data: z.object({
    id: z.string(),
    status: z.enum(['VERIFIED', 'REFUSED']),
    refusedReason: z.string().nullable().optional(),
    card: z.object({ lastDigits: z.string().nullable(), brand: z.string().nullable(), token: z.string().nullable() }),
  }),
})

/** The port's verifyCard over the sandbox's contract. */
export function sandboxVerifyCard(transport: GatewayTransport) {
  return async (key: string, input: CardVerificationInput): Promise<CardVerification> => {
    if (!key) throw new GatewayError('unauthorized', GATEWAY_MESSAGES.unauthorized, 401)
    const headers = { authorization: authHeader(key), accept: 'application/json' }
    const body = {
      card: {
        number: input.card.number.replace(/\D/g, ''),
        holderName: input.card.holderName,
        expirationMonth: input.card.expMonth,
        expirationYear: input.card.expYear,
        cvv: input.card.cvv,
      },
      customer: { name: input.customer.name, email: input.customer.email },
      externalRef: input.externalRef,
    }
    const { status, json } = await sendJson(
      transport,
      { method: 'POST', path: SANDBOX_VERIFY_PATH, headers, body, timeoutMs: TIMEOUTS.create },
      GATEWAY_MESSAGES,
    )
    if (status === 401 || status === 403) throw new GatewayError('unauthorized', GATEWAY_MESSAGES.unauthorized, status)
    if (status === 400 || status === 422) {
      const message = (json as { message?: unknown } | undefined)?.message
      throw new GatewayError('invalid', typeof message === 'string' ? message : GATEWAY_MESSAGES.invalid, status)
    }
    if (status >= 500) throw new GatewayError('unavailable', GATEWAY_MESSAGES.unavailable, status)
    const parsed = answerSchema.safeParse(json)
    if (!parsed.success || status >= 300) throw new GatewayError('malformed', GATEWAY_MESSAGES.malformed, status)
    const { data } = parsed.data
    if (data.status === 'REFUSED' || !data.card.token)
      return { status: 'REFUSED', id: data.id, refusedReason: data.refusedReason ?? 'Cartão recusado' }
    return {
      status: 'VERIFIED',
      id: data.id,
      savedCard: { token: data.card.token, customerRef: null },
      card: { lastDigits: data.card.lastDigits, brand: data.card.brand },
    }
  }
}

/** The sandbox adapter with its card check (the AtivoPay contract has none). */
export function withSandboxVerification(gateway: Gateway, transport: GatewayTransport): Gateway {
  return {
    ...gateway,
    capabilities: { ...gateway.capabilities, cardVerification: true },
    verifyCard: sandboxVerifyCard(transport),
  }
}
