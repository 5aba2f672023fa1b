/** Post-purchase redirect links: CRUD, one active link per store (database-enforced), public read and tracking. */

import { AppError } from '../../platform/errors'
import { publish } from '../../platform/events'
import { isUuid } from '../../shared/ids'
import {
  UPSELL_MESSAGES,
  type Upsell,
  type UpsellPatch,
  type UpsellStats,
  type UpsellTrackKind,
  upsellInputSchema,
  upsellPatchSchema,
} from '../../shared/marketing'
import { toPublicUpsellDto, toUpsellDto, toUpsellStatsDto } from './dto'
import { upsellTracked } from './events'
import * as repo from './repository'
import type { Db, Trx } from './tables'

type UpsellValues = ReturnType<typeof upsellInputSchema.parse>

function toColumns(v: Partial<UpsellValues>): repo.UpsellUpdate {
  const cols: repo.UpsellUpdate = {}
  if (v.title !== undefined) cols.title = v.title
  if (v.redirectUrl !== undefined) cols.redirect_url = v.redirectUrl
  if (v.description !== undefined) cols.description = v.description
  if (v.delaySeconds !== undefined) cols.delay_seconds = v.delaySeconds
  if (v.showCountdown !== undefined) cols.show_countdown = v.showCountdown
  if (v.template !== undefined) cols.template = v.template
  if (v.buttonText !== undefined) cols.button_text = v.buttonText
  if (v.buttonColor !== undefined) cols.button_color = v.buttonColor
  if (v.skipText !== undefined) cols.skip_text = v.skipText
  if (v.active !== undefined) cols.active = v.active
  return cols
}

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505'

/**
 * Activation in one transaction: a per-store lock makes a second activation wait and then deactivate the first
 * one, and the partial unique index refuses two active links whatever path wrote them.
 */
async function withActivation<T>(db: Db, storeId: string, activate: boolean, fn: (trx: Trx) => Promise<T>) {
  try {
    return await db.transaction().execute(async (trx) => {
      if (activate) await repo.lockStoreUpsells(trx, storeId)
      return fn(trx)
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, UPSELL_MESSAGES.conflict)
    throw err
  }
}

export async function createUpsell(db: Db, storeId: string, input: UpsellValues): Promise<Upsell> {
  const row = await withActivation(db, storeId, input.active, async (trx) => {
    if (input.active) await repo.deactivateOthers(trx, storeId, null)
    return repo.insertUpsell(trx, {
      store_id: storeId,
      title: input.title,
      redirect_url: input.redirectUrl,
      description: input.description,
      delay_seconds: input.delaySeconds,
      show_countdown: input.showCountdown,
      template: input.template,
      button_text: input.buttonText,
      button_color: input.buttonColor,
      skip_text: input.skipText,
      active: input.active,
    })
  })
  return toUpsellDto(row)
}

export async function updateUpsell(db: Db, storeId: string, id: string, patch: UpsellPatch) {
  if (!isUuid(id)) return undefined
  const values = upsellPatchSchema.parse(patch)
  const row = await withActivation(db, storeId, values.active === true, async (trx) => {
    if (values.active === true) await repo.deactivateOthers(trx, storeId, id)
    return repo.updateUpsell(trx, storeId, id, toColumns(values))
  })
  return row && toUpsellDto(row)
}

export async function getUpsell(db: Db, storeId: string, id: string) {
  const row = isUuid(id) ? await repo.findUpsell(db, storeId, id) : undefined
  return row && toUpsellDto(row)
}

export async function deleteUpsell(db: Db, storeId: string, id: string) {
  return isUuid(id) && repo.deleteUpsell(db, storeId, id)
}

export async function listUpsells(db: Db, storeId: string, page: { limit: number; offset: number }) {
  return (await repo.listUpsells(db, storeId, page)).map(toUpsellDto)
}

export async function upsellStats(db: Db, storeId: string): Promise<UpsellStats> {
  return toUpsellStatsDto(await repo.upsellTotals(db, storeId))
}

export async function eligibleUpsell(db: Db, storeId: string) {
  if (!isUuid(storeId)) return null
  const row = await repo.activeUpsell(db, storeId)
  return row ? toPublicUpsellDto(row) : null
}

const KIND = { display: 'DISPLAY', click: 'CLICK', skip: 'SKIP' } as const

export async function trackUpsell(db: Db, storeId: string, id: string, kind: UpsellTrackKind, visitKey: string) {
  if (!isUuid(storeId) || !isUuid(id)) return false
  const row = await repo.findUpsell(db, storeId, id)
  if (!row) return false
  await db
    .transaction()
    .execute((trx) => publish(trx, upsellTracked, { upsellId: id, storeId, kind: KIND[kind], visitKey }))
  return true
}

export { upsellInputSchema }
