/** Plans of a digital product (issue 36): the merchant's CRUD and what the checkout shows and prices. */
import type { Selectable } from 'kysely'
import type { Clock } from '../../platform/clock'
import { AppError } from '../../platform/errors'
import { catalogService } from '../catalog'
import type { CheckoutPlan } from '../ordering'
import { billingNow } from './billing-clock'
import {
  INTERVAL_MAX,
  type IntervalUnit,
  type Plan,
  type PlanInput,
  type PlanPatch,
  type PublicPlan,
  SUBSCRIPTION_MESSAGES,
} from './dto'
import { addDays } from './periods'
import type { Db, SubscriptionsTables } from './tables'

export type PlanRow = Selectable<SubscriptionsTables['subscription_plans']>

const UNIT_LABEL: Record<IntervalUnit, [string, string]> = {
  WEEK: ['semana', 'semanas'],
  MONTH: ['mês', 'meses'],
  YEAR: ['ano', 'anos'],
}

const brl = (cents: number) =>
  (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' }).replace(/\u00a0/g, ' ')

/** 'R$ 49,90/mês', 'R$ 120,00 a cada 3 meses'. */
export function planLabel(p: { priceCents: number; intervalUnit: IntervalUnit; intervalCount: number }) {
  const [one, many] = UNIT_LABEL[p.intervalUnit]
  return p.intervalCount === 1
    ? `${brl(p.priceCents)}/${one}`
    : `${brl(p.priceCents)} a cada ${p.intervalCount} ${many}`
}

export const trialLabel = (days: number) => (days > 0 ? `${days} ${days === 1 ? 'dia grátis' : 'dias grátis'}` : null)

export function toPlan(r: PlanRow): Plan {
  const base = {
    priceCents: Number(r.price_cents),
    intervalUnit: r.interval_unit,
    intervalCount: r.interval_count,
  }
  return {
    id: r.id,
    storeId: r.store_id,
    productId: r.product_id,
    name: r.name,
    ...base,
    trialDays: r.trial_days,
    maxCycles: r.max_cycles,
    methods: r.methods,
    active: r.active,
    label: planLabel(base),
    trialLabel: trialLabel(r.trial_days),
    createdAt: r.created_at.toISOString(),
  }
}

export function toPublicPlan(r: PlanRow, now: Date): PublicPlan {
  const { id, name, intervalUnit, intervalCount, priceCents, trialDays, maxCycles, methods, label, trialLabel } =
    toPlan(r)
  const firstCharge = trialDays > 0 ? addDays(now, trialDays) : null
  return {
    id,
    name,
    intervalUnit,
    intervalCount,
    priceCents,
    trialDays,
    maxCycles,
    methods,
    label,
    trialLabel,
    firstChargeAt: firstCharge?.toISOString() ?? null,
    trialNote: firstCharge ? trialNote(trialDays, priceCents, firstCharge) : null,
  }
}

/** '7 dias grátis. Primeira cobrança de R$ 49,90 em 07/02/2027.' (the date in São Paulo). */
export const trialNote = (days: number, priceCents: number, firstCharge: Date) =>
  `${trialLabel(days)}. Primeira cobrança de ${brl(priceCents)} em ${firstCharge.toLocaleDateString('pt-BR', {
    timeZone: 'America/Sao_Paulo',
  })}.`

const planNotFound = () => new AppError(404, SUBSCRIPTION_MESSAGES.planNotFound, undefined)

/** The product must be the store's and digital: plans sell access, not goods to ship. */
async function requireDigitalProduct(db: Db, storeId: string, productId: string) {
  const product = await catalogService.findProduct(db as never, storeId, productId)
  if (!product) throw new AppError(404, 'Produto não encontrado')
  if (product.type !== 'DIGITAL') throw new AppError(400, 'Planos de assinatura são apenas para produtos digitais')
}

export async function listPlans(db: Db, storeId: string, productId: string): Promise<Plan[]> {
  await requireDigitalProduct(db, storeId, productId)
  const rows = await db
    .selectFrom('subscription_plans')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('product_id', '=', productId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .execute()
  return rows.map(toPlan)
}

export async function createPlan(db: Db, storeId: string, productId: string, input: PlanInput): Promise<Plan> {
  await requireDigitalProduct(db, storeId, productId)
  const row = await db
    .insertInto('subscription_plans')
    .values({
      store_id: storeId,
      product_id: productId,
      name: input.name,
      interval_unit: input.intervalUnit,
      interval_count: input.intervalCount,
      price_cents: input.priceCents,
      trial_days: input.trialDays,
      max_cycles: input.maxCycles ?? null,
      methods: JSON.stringify([...new Set(input.methods)]),
      active: input.active,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return toPlan(row)
}

export async function findPlan(db: Db, storeId: string, planId: string): Promise<PlanRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(planId)) return undefined
  return db
    .selectFrom('subscription_plans')
    .selectAll()
    .where('id', '=', planId)
    .where('store_id', '=', storeId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

async function ownPlan(db: Db, storeId: string, productId: string, planId: string) {
  const plan = await findPlan(db, storeId, planId)
  if (!plan || plan.product_id !== productId) throw planNotFound()
  return plan
}

export async function updatePlan(db: Db, storeId: string, productId: string, planId: string, patch: PlanPatch) {
  const plan = await ownPlan(db, storeId, productId, planId)
  const unit = patch.intervalUnit ?? plan.interval_unit
  const count = patch.intervalCount ?? plan.interval_count
  if (count > INTERVAL_MAX[unit])
    throw new AppError(400, SUBSCRIPTION_MESSAGES.interval, { intervalCount: SUBSCRIPTION_MESSAGES.interval })
  // Existing subscriptions keep the terms they subscribed to (copied on the subscription); only new ones change.
  const row = await db
    .updateTable('subscription_plans')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      interval_unit: unit,
      interval_count: count,
      ...(patch.priceCents !== undefined ? { price_cents: patch.priceCents } : {}),
      ...(patch.trialDays !== undefined ? { trial_days: patch.trialDays } : {}),
      ...(patch.maxCycles !== undefined ? { max_cycles: patch.maxCycles } : {}),
      ...(patch.methods !== undefined ? { methods: JSON.stringify([...new Set(patch.methods)]) } : {}),
      ...(patch.active !== undefined ? { active: patch.active } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', plan.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  return toPlan(row)
}

/** Soft delete: subscriptions on the plan keep running; the checkout no longer offers it. */
export async function deletePlan(db: Db, storeId: string, productId: string, planId: string) {
  const plan = await ownPlan(db, storeId, productId, planId)
  await db
    .updateTable('subscription_plans')
    .set({ deleted_at: new Date(), active: false, updated_at: new Date() })
    .where('id', '=', plan.id)
    .execute()
}

/** A product's active plans, for the buyer's checkout; a trial's first charge dated from the store's billing time. */
export async function publicPlans(db: Db, clock: Clock, productId: string): Promise<PublicPlan[]> {
  if (!/^[0-9a-f-]{36}$/i.test(productId)) return []
  const rows = await db
    .selectFrom('subscription_plans')
    .selectAll()
    .where('product_id', '=', productId)
    .where('active', '=', true)
    .where('deleted_at', 'is', null)
    .orderBy('price_cents')
    .execute()
  const now = rows[0] ? await billingNow(db, clock, rows[0].store_id) : clock.now()
  return rows.map((r) => toPublicPlan(r, now))
}

/** The lookup ordering asks when a checkout order names a plan (ordering/plan-lookup.ts). */
export async function checkoutPlan(
  db: Db,
  q: { storeId: string; productId: string; planId: string },
): Promise<CheckoutPlan | undefined> {
  const plan = await findPlan(db, q.storeId, q.planId)
  if (!plan?.active || plan.product_id !== q.productId) return undefined
  return { id: plan.id, priceCents: Number(plan.price_cents), trialDays: plan.trial_days, methods: plan.methods }
}
