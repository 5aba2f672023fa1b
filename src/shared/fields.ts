/**
 * Schema fragments that mean the same thing wherever an answer has them, spread into its z.object. Only for
 * zod-using modules: the buyer's pages never load this file (see the zod-free modules beside it).
 */
import { z } from 'zod'

/** A stored record's creation and last change, ISO 8601. */
export const timestamps = { createdAt: z.string(), updatedAt: z.string() }

/** Where a page of a list stands: the rows matching in all, this page (from 1) and its size. */
export const pageFields = { total: z.number().int(), page: z.number().int(), limit: z.number().int() }

/**
 * A delivery log row's last attempt (one delivery pattern for all that leaves, platform/delivery-claim.ts): its
 * state among the channel's, how many tries, the receiver's HTTP status and our error text.
 */
export function deliveryOutcomeFields<const S extends readonly [string, ...string[]]>(states: S) {
  return {
    state: z.enum(states),
    attempts: z.number().int(),
    httpStatus: z.number().int().nullable(),
    error: z.string().nullable(),
  }
}

/** How the buyer pays a charge, each null where it does not apply: PIX's copy-paste code and expiry, the boleto, a page. */
export const paymentInstructionFields = {
  pixCode: z.string().nullable(),
  pixExpiresAt: z.string().nullable(),
  boletoUrl: z.string().nullable(),
  boletoLine: z.string().nullable(),
  paymentUrl: z.string().nullable(),
}
