// Route schemas every module's HTTP layer shares: one definition, so the OpenAPI document and the answers agree.
import { z } from 'zod'
import { ERROR_CODES } from '../shared/error-codes'

/** `/stores/:storeId/...` (the owner guard answers 404 for an id that is not a UUID or not the caller's). */
export const storeParams = z.object({ storeId: z.string() })

/** `/stores/:storeId/<things>/:id`: one of the store's rows (a bump, a coupon, a shipping option, a webhook). */
export const storeItemParams = z.object({ storeId: z.string(), id: z.string() })

/** Every error answer: `{ statusCode, code, message, errors? }` (platform/errors.ts writes it). */
export const errorBody = z.object({
  statusCode: z.number(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
})

/** `?limit=&offset=` paging with defaults. */
export function limitOffsetQuery(opts: { maxLimit: number; defaultLimit: number; maxOffset: number }) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(opts.maxLimit).default(opts.defaultLimit),
    offset: z.coerce.number().int().min(0).max(opts.maxOffset).default(0),
  })
}

/** `?limit=&offset=` paging where both may be left out (the caller's own default applies). */
export function optionalLimitOffsetQuery(opts: { maxLimit: number }) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(opts.maxLimit).optional(),
    offset: z.coerce.number().int().min(0).optional(),
  })
}

/** `?page=&limit=` paging (page from 1). */
export function pageNumberQuery(opts: { maxLimit: number; defaultLimit: number }) {
  return z.object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(opts.maxLimit).default(opts.defaultLimit),
  })
}
