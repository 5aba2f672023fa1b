/**
 * Funnels, the merchant's side (issue 34): a graph of offers checked on save — reachable from the first step, no
 * cycle, at most 5 steps, every product the store's own and sellable — and its counters per step.
 */

import type { z } from 'zod'
import { AppError } from '../../platform/errors'
import {
  FUNNEL_MESSAGES,
  type Funnel,
  type FunnelStats,
  funnelGraphErrors,
  type funnelInputSchema,
  type funnelPatchSchema,
} from '../../shared/funnels'
import { catalogService } from '../catalog'
import * as repo from './funnels.repository'
import type { Db } from './tables'

type FunnelInput = z.output<typeof funnelInputSchema>
type FunnelPatch = z.output<typeof funnelPatchSchema>

export function toFunnel(r: repo.FunnelRow): Funnel {
  return {
    id: r.id,
    storeId: r.store_id,
    name: r.name,
    active: r.active,
    triggerProductIds: r.trigger_product_ids,
    steps: r.steps,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }
}

/**
 * A product the buyer could not take now: the catalog has no on/off switch, so 'active' is what the catalog calls
 * sellable (countSellable) — digital, or physical with stock left (null stock is not tracked).
 */
const soldOut = (p: { type: string; stock: number | null }) => p.type === 'PHYSICAL' && p.stock !== null && p.stock <= 0

/**
 * 400 with every reason by field: the graph's, then products that are not this store's or, on an active funnel, not
 * sellable (a funnel being switched off must still save, whatever its products became).
 */
async function check(db: Db, storeId: string, input: FunnelInput) {
  const errors = funnelGraphErrors(input.steps)
  const ids = [...new Set([...input.steps.map((s) => s.productId), ...input.triggerProductIds])]
  const found = new Map((await catalogService.findProducts(db, storeId, ids)).map((p) => [p.id, p]))
  input.steps.forEach((s, i) => {
    const product = found.get(s.productId)
    if (!product) errors[`steps.${i}.productId`] = FUNNEL_MESSAGES.product
    else if (input.active && soldOut(product)) errors[`steps.${i}.productId`] = FUNNEL_MESSAGES.productSoldOut
  })
  input.triggerProductIds.forEach((id, i) => {
    if (!found.has(id)) errors[`triggerProductIds.${i}`] = FUNNEL_MESSAGES.triggerProduct
  })
  const [first] = Object.values(errors)
  if (first) throw new AppError(400, first, errors)
}

const values = (input: FunnelInput) => ({
  name: input.name,
  active: input.active,
  trigger_product_ids: [...new Set(input.triggerProductIds)],
  steps: input.steps,
})

export async function listFunnels(db: Db, storeId: string, page: { limit: number; offset: number }) {
  return (await repo.listFunnels(db, storeId, page)).map(toFunnel)
}

export async function getFunnel(db: Db, storeId: string, id: string) {
  const row = await repo.findFunnel(db, storeId, id)
  return row && toFunnel(row)
}

export async function createFunnel(db: Db, storeId: string, input: FunnelInput) {
  await check(db, storeId, input)
  return toFunnel(await repo.insertFunnel(db, storeId, values(input)))
}

export async function updateFunnel(db: Db, storeId: string, id: string, patch: FunnelPatch) {
  const row = await repo.findFunnel(db, storeId, id)
  if (!row) return undefined
  const current = toFunnel(row)
  const next: FunnelInput = {
    name: patch.name ?? current.name,
    active: patch.active ?? current.active,
    triggerProductIds: patch.triggerProductIds ?? current.triggerProductIds,
    steps: patch.steps ?? current.steps,
  }
  await check(db, storeId, next)
  const updated = await repo.updateFunnel(db, storeId, id, values(next))
  return updated && toFunnel(updated)
}

export const deleteFunnel = (db: Db, storeId: string, id: string) => repo.deleteFunnel(db, storeId, id)

export async function funnelStats(db: Db, storeId: string, id: string): Promise<FunnelStats | undefined> {
  const row = await repo.findFunnel(db, storeId, id)
  if (!row) return undefined
  const byKey = new Map((await repo.stepStats(db, id)).map((s) => [s.step_key, s]))
  return {
    funnelId: id,
    steps: row.steps.map((s) => {
      const st = byKey.get(s.key)
      return {
        key: s.key,
        views: st?.views ?? 0,
        accepts: st?.accepts ?? 0,
        declines: st?.declines ?? 0,
        soldOut: st?.sold_out ?? 0,
        paidRevenueCents: Number(st?.paid ?? 0),
      }
    }),
  }
}
