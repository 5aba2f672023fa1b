/**
 * Coupons: the merchant's CRUD, the checks a buyer's code passes (quote and order alike), and the claim taken in
 * the order's own transaction. The price itself is computed by src/shared/pricing.ts from what `checkCoupon` gives.
 */

import { AppError } from '../../platform/errors'
import {
  COUPON_MESSAGES,
  COUPON_REFUSALS,
  type CouponDto,
  type CouponValues,
  normalizeEmail,
} from '../../shared/coupons'
import { isUuid } from '../../shared/ids'
import { formatCents, toCents } from '../../shared/money'
import { eligibleCents, type PricingCoupon, type PricingLine } from '../../shared/pricing'
import { catalogService } from '../catalog'
import * as repo from './coupons.repository'
import { toCouponDto } from './dto'
import type { DbOrTrx, Trx } from './tables'

/** Cents and basis points for the row; the products must be this store's (404 otherwise). */
async function toRow(db: DbOrTrx, storeId: string, v: CouponValues) {
  const ids = [...new Set(v.productIds)]
  if (ids.some((id) => !isUuid(id))) throw productMissing()
  const products = ids.length ? await catalogService.findProducts(db, storeId, ids) : []
  if (products.length !== ids.length) throw productMissing()
  const value = v.discountType === 'PERCENTAGE' ? Math.round(v.discountValue * 100) : toCents(v.discountValue)
  if (value <= 0) throw new AppError(400, COUPON_MESSAGES.value, { discountValue: COUPON_MESSAGES.value })
  if (v.discountType === 'FIXED' && products.some((p) => value > p.priceCents))
    throw new AppError(400, COUPON_MESSAGES.fixedAbovePrice, { discountValue: COUPON_MESSAGES.fixedAbovePrice })
  return {
    code: v.code,
    discount_type: v.discountType,
    discount_value: value,
    min_order_cents: v.minOrderValue == null ? null : toCents(v.minOrderValue),
    starts_at: v.startsAt ? new Date(v.startsAt) : null,
    ends_at: v.endsAt ? new Date(v.endsAt) : null,
    max_uses: v.maxUses,
    max_uses_per_email: v.maxUsesPerEmail,
    product_ids: ids,
    applies_to_bumps: v.appliesToBumps,
    active: v.active,
  }
}

const productMissing = () =>
  new AppError(404, COUPON_MESSAGES.productNotFound, { productIds: COUPON_MESSAGES.productNotFound })
const codeTaken = () => new AppError(409, COUPON_MESSAGES.codeTaken, { code: COUPON_MESSAGES.codeTaken })

export async function listCoupons(db: DbOrTrx, storeId: string, page: { limit: number; offset: number }) {
  return (await repo.listCoupons(db, storeId, page)).map(toCouponDto)
}

export async function getCoupon(db: DbOrTrx, storeId: string, id: string) {
  if (!isUuid(id)) return undefined
  const row = await repo.findCoupon(db, storeId, id)
  return row && toCouponDto(row)
}

export async function createCoupon(db: DbOrTrx, storeId: string, v: CouponValues): Promise<CouponDto> {
  const row = await toRow(db, storeId, v)
  try {
    return toCouponDto(await repo.insertCoupon(db, { ...row, store_id: storeId, deleted_at: null }))
  } catch (err) {
    if (repo.isCodeTaken(err)) throw codeTaken()
    throw err
  }
}

export async function updateCoupon(db: DbOrTrx, storeId: string, id: string, v: CouponValues) {
  if (!isUuid(id)) return undefined
  const row = await toRow(db, storeId, v)
  try {
    const updated = await repo.updateCoupon(db, storeId, id, row)
    return updated && toCouponDto(updated)
  } catch (err) {
    if (repo.isCodeTaken(err)) throw codeTaken()
    throw err
  }
}

export async function setCouponActive(db: DbOrTrx, storeId: string, id: string, active: boolean) {
  if (!isUuid(id)) return undefined
  const updated = await repo.updateCoupon(db, storeId, id, { active })
  return updated && toCouponDto(updated)
}

export async function deleteCoupon(db: DbOrTrx, storeId: string, id: string): Promise<boolean> {
  return isUuid(id) && repo.softDeleteCoupon(db, storeId, id)
}

/** A coupon a buyer's code passed: what the pricing function needs and what the claim records. */
export interface CheckedCoupon {
  couponId: string
  code: string
  pricing: PricingCoupon
}

function refuse(message: string): never {
  throw new AppError(400, message, { couponCode: message }, 'COUPON_REFUSED')
}

/**
 * Checks a buyer's code against the store's rules for these lines (and e-mail, when known). Refusals are 400s with
 * the reason in Portuguese; the order is then not created.
 */
export async function checkCoupon(
  db: DbOrTrx,
  input: { storeId: string; code: string; email?: string; lines: readonly PricingLine[]; now?: Date },
): Promise<CheckedCoupon> {
  const now = input.now ?? new Date()
  const row = await repo.findCouponByCode(db, input.storeId, input.code.trim())
  if (!row?.active) refuse(COUPON_REFUSALS.unknown)
  if (row.starts_at && row.starts_at > now) refuse(COUPON_REFUSALS.notYetValid)
  if (row.ends_at && row.ends_at <= now) refuse(COUPON_REFUSALS.expired)
  if (row.max_uses != null && row.uses_count >= row.max_uses) refuse(COUPON_REFUSALS.usedUp)
  const pricing: PricingCoupon = {
    type: row.discount_type,
    value: row.discount_value,
    productIds: row.product_ids,
    appliesToBumps: row.applies_to_bumps,
  }
  if (eligibleCents(input.lines, pricing) <= 0) refuse(COUPON_REFUSALS.notForProduct)
  const subtotal = input.lines.reduce((sum, l) => sum + l.amountCents, 0)
  if (row.min_order_cents != null && subtotal < row.min_order_cents)
    refuse(COUPON_REFUSALS.belowMinimum(formatCents(row.min_order_cents)))
  if (row.max_uses_per_email != null && input.email) {
    const used = await repo.usesByEmail(db, row.id, normalizeEmail(input.email))
    if (used >= row.max_uses_per_email) refuse(COUPON_REFUSALS.usedByEmail)
  }
  return { couponId: row.id, code: row.code, pricing }
}

/**
 * Inside the order's transaction: takes one use (a conditional update: the last use goes to one order only), checks
 * the per-e-mail limit under that row lock and records the redemption. A refusal throws and rolls the order back.
 */
export async function claimCoupon(
  trx: Trx,
  claim: {
    couponId: string
    orderId: string
    storeId: string
    email: string
    discountCents: number
    totalCents: number
  },
): Promise<void> {
  const now = new Date()
  const taken = await repo.takeUse(trx, claim.couponId, now)
  if (!taken) {
    const row = await repo.findCoupon(trx, claim.storeId, claim.couponId)
    if (row?.ends_at && row.ends_at <= now) refuse(COUPON_REFUSALS.expired)
    refuse(row?.active ? COUPON_REFUSALS.usedUp : COUPON_REFUSALS.unknown)
  }
  const email = normalizeEmail(claim.email)
  if (taken.max_uses_per_email != null && (await repo.usesByEmail(trx, taken.id, email)) >= taken.max_uses_per_email)
    refuse(COUPON_REFUSALS.usedByEmail)
  await repo.insertRedemption(trx, {
    order_id: claim.orderId,
    coupon_id: taken.id,
    store_id: claim.storeId,
    email,
    discount_cents: claim.discountCents,
    order_total_cents: claim.totalCents,
  })
}
