/**
 * Funnels, the buyer's side (issue 34): the offer on the order page of a paid order, taken with one tap or declined.
 * Ordering is reached through ports the composition hands in (modules/index.ts): ordering already calls marketing
 * (bumps, coupons), so marketing importing ordering would be a cycle.
 */
import { createHash, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../platform/clock'
import { AppError } from '../../platform/errors'
import { type AcceptResult, FUNNEL_MESSAGES, OFFER_WINDOW_MS, type Offer, type OfferChild } from '../../shared/funnels'
import { catalogService } from '../catalog'
import * as repo from './funnels.repository'
import type { StoredFunnelStep } from './tables'

/** What the offer reads of the order it follows (ordering's DerivableOrder). */
export interface OfferParent {
  id: string
  storeId: string
  status: string
  paymentMethod: 'PIX' | 'CREDIT_CARD' | 'BANK_SLIP'
  paidAt: string | null
  parentOrderId: string | null
  productIds: string[]
  cardLast4: string | null
}

/** Ordering's functions the offers use, handed in by the composition. */
export interface FunnelOrderPorts {
  verifyOrderPageToken(appSecret: string, orderId: string, token: string): boolean
  derivableOrder(deps: { db: FastifyInstance['db'] }, orderId: string): Promise<OfferParent | undefined>
  childOrders(
    deps: { db: FastifyInstance['db']; config: FastifyInstance['config'] },
    parentOrderId: string,
  ): Promise<OfferChild[]>
  /** ordering.placeDerivedOrder with ordering's deps built from the app. */
  placeDerivedOrder(
    app: FastifyInstance,
    input: {
      parentOrderId: string
      storeId: string
      derivedKey: string
      productId: string
      priceCents: number
      installments: number
      payment: { method: 'SAVED_CARD' } | { method: 'PIX' }
      orderId: string
      ip?: string
    },
  ): Promise<{ orderId: string; refused: boolean }>
}

export interface OfferDeps {
  app: FastifyInstance
  clock: Clock
  orders: FunnelOrderPorts
}

const NOT_FOUND = () => new AppError(404, FUNNEL_MESSAGES.offerNotFound)
const CLOSED = () => new AppError(410, FUNNEL_MESSAGES.offerClosed, undefined, 'OFFER_CLOSED')
const CHANGED = () => new AppError(409, FUNNEL_MESSAGES.stepChanged, undefined, 'OFFER_STEP_CHANGED')

/** Paid and not taken back: the statuses after a payment. */
const PAID = ['PAID', 'PROCESSING', 'SHIPPED', 'DELIVERED']

interface Context {
  parent: OfferParent
  session: repo.SessionRow
  steps: StoredFunnelStep[]
  step: StoredFunnelStep | undefined
}

/**
 * The order's funnel session, opened on the first read of a paid order's page; undefined when the order has no
 * offer (not paid yet, boleto, a child, no funnel for its product). 404 for a wrong token, 410 once the window closed.
 */
async function contextOf(deps: OfferDeps, orderId: string, token: string): Promise<Context | undefined> {
  const { app } = deps
  if (!deps.orders.verifyOrderPageToken(app.config.APP_SECRET, orderId, token)) throw NOT_FOUND()
  // The session is keyed by the order's id: read beside the order, not after it (one round trip less per call).
  const [parent, opened] = await Promise.all([
    deps.orders.derivableOrder(app, orderId),
    repo.findSession(app.db, orderId),
  ])
  if (!parent) throw NOT_FOUND()
  let session = opened
  if (!session) {
    if (parent.parentOrderId || parent.paymentMethod === 'BANK_SLIP') return undefined
    if (!PAID.includes(parent.status) || !parent.paidAt) return undefined
    const funnel = await repo.funnelFor(app.db, parent.storeId, parent.productIds)
    const first = funnel?.steps[0]
    if (!funnel || !first) return undefined
    session = await repo.openSession(app.db, {
      parent_order_id: parent.id,
      funnel_id: funnel.id,
      store_id: parent.storeId,
      current_step: first.key,
      notice: null,
      closes_at: new Date(new Date(parent.paidAt).getTime() + OFFER_WINDOW_MS),
    })
  }
  if (deps.clock.now().getTime() >= session.closes_at.getTime()) throw CLOSED()
  const funnel = await repo.findFunnel(app.db, parent.storeId, session.funnel_id)
  const steps = funnel?.steps ?? []
  return { parent, session, steps, step: steps.find((s) => s.key === session.current_step) }
}

async function offerOf(deps: OfferDeps, ctx: Context): Promise<Offer | null> {
  const { step, parent, session } = ctx
  if (!step) return null
  const product = await catalogService.findProduct(deps.app.db, parent.storeId, step.productId)
  if (!product) return null
  // A view counts once per parent order, however often the page asks.
  await repo.insertStepEvent(deps.app.db, {
    parent_order_id: parent.id,
    step_key: step.key,
    kind: 'VIEW',
    funnel_id: session.funnel_id,
    child_order_id: null,
    outcome: null,
  })
  const byCard = parent.paymentMethod === 'CREDIT_CARD' && parent.cardLast4 !== null
  return {
    stepKey: step.key,
    headline: step.headline,
    description: step.description,
    productName: product.name,
    imageUrl: product.imageUrl,
    priceCents: step.priceCents,
    maxInstallments: byCard ? step.maxInstallments : 1,
    payWith: byCard ? 'CREDIT_CARD' : 'PIX',
    cardLast4: byCard ? parent.cardLast4 : null,
    closesAt: session.closes_at.toISOString(),
    notice: session.notice,
  }
}

/** GET …/offer: the current step, or null (the route answers 204). */
export async function currentOffer(deps: OfferDeps, orderId: string, token: string) {
  const ctx = await contextOf(deps, orderId, token)
  return ctx ? offerOf(deps, ctx) : null
}

/** After an answer moved the session (guarded by moveSession's condition): the next step, its view counted. */
function nextOffer(deps: OfferDeps, ctx: Context, moved: boolean, key: string | null, notice: string | null) {
  if (!moved) return Promise.resolve(null)
  const step = ctx.steps.find((s) => s.key === key)
  return offerOf(deps, { ...ctx, session: { ...ctx.session, current_step: key, notice }, step })
}

async function childOf(deps: OfferDeps, parentId: string, childId: string | null) {
  if (!childId) return null
  return (await deps.orders.childOrders(deps.app, parentId)).find((c) => c.orderId === childId) ?? null
}

const BUSY = () => new AppError(409, FUNNEL_MESSAGES.busy, undefined, 'OFFER_STEP_CHANGED')
const KEY_REUSED = () => new AppError(422, FUNNEL_MESSAGES.keyReused)

/**
 * What a retry must repeat for its Idempotency-Key to name the same tap: the step and the plan (no plan is 1x, as
 * the child would be charged). The browser's other fields are ignored by the accept, so they do not count either.
 */
function fingerprint(body: { stepKey: string; installments?: number }) {
  return createHash('sha256')
    .update(JSON.stringify([body.stepKey, body.installments ?? 1]))
    .digest('base64url')
}

/** The answer an accept already gave, told again (a retry, or a tap that lost the race to it). */
async function answerOf(deps: OfferDeps, ctx: Context, row: repo.AcceptRow): Promise<AcceptResult> {
  if (row.outcome !== 'PLACED' && row.outcome !== 'REFUSED' && row.outcome !== 'SOLD_OUT') throw BUSY()
  const next = ctx.step ? await offerOf(deps, ctx) : null
  if (row.outcome === 'PLACED')
    return { accepted: true, child: await childOf(deps, ctx.parent.id, row.child_order_id), ...kept, next }
  return { ...movedOn(row.outcome), next }
}

const kept = { refused: false, message: null }
const movedOn = (outcome: 'REFUSED' | 'SOLD_OUT') => ({
  accepted: false,
  child: null,
  refused: outcome === 'REFUSED',
  message: outcome === 'REFUSED' ? FUNNEL_MESSAGES.refused : FUNNEL_MESSAGES.soldOut,
})

/**
 * Nothing was sold at this step — the card was refused, or the stock went between the offer and the tap — so the
 * buyer moves on as a decline would ('se recusar', or the end), told why in one line. Recorded on the ACCEPT row, not
 * as a DECLINE: the buyer said yes, the stats tell it apart.
 */
async function moveOn(
  deps: OfferDeps,
  ctx: Context,
  step: StoredFunnelStep,
  outcome: 'REFUSED' | 'SOLD_OUT',
): Promise<AcceptResult> {
  const answer = movedOn(outcome)
  const [, moved] = await Promise.all([
    repo.setAcceptOutcome(deps.app.db, ctx.parent.id, step.key, outcome),
    repo.moveSession(deps.app.db, ctx.parent.id, step.key, step.onDecline, answer.message),
  ])
  return { ...answer, next: await nextOffer(deps, ctx, moved, step.onDecline, answer.message) }
}

/**
 * POST …/offer/accept: the child order, once per step. The ACCEPT row (primary key parent + step) is claimed before
 * anything is placed, so concurrent taps — same Idempotency-Key or not — place one child and charge once; a tap
 * that loses gets the child the winner placed, or 409 while it is still being placed. The row keeps the tap's key
 * and body: a retry with that key gets the same answer (the same child, or the same refusal), and the key sent
 * again with another step or plan is 422, as ordering's order keys are.
 */
export async function acceptOffer(
  deps: OfferDeps,
  orderId: string,
  token: string,
  body: { stepKey: string; installments?: number },
  key: string,
  ip?: string,
): Promise<AcceptResult> {
  const print = fingerprint(body)
  // This step's accept and this key's are read beside the context; they are used only once the token held.
  const [ctx, earlier] = await Promise.all([
    contextOf(deps, orderId, token),
    repo.findAccepts(deps.app.db, orderId, body.stepKey, key),
  ])
  if (!ctx) throw CHANGED()
  const { parent, session } = ctx
  const keyed = earlier.find((r) => r.idempotency_key === key)
  if (keyed) {
    if (keyed.request_fingerprint !== print) throw KEY_REUSED()
    return answerOf(deps, ctx, keyed)
  }
  const stepAccept = earlier.find((r) => r.step_key === body.stepKey)
  if (stepAccept) {
    // Another key on a step already taken: the same child (one per step). A step refused or sold out is behind.
    if (stepAccept.outcome === 'PLACED' || stepAccept.outcome === 'PLACING') return answerOf(deps, ctx, stepAccept)
    throw CHANGED()
  }
  const step = ctx.step
  if (!step || step.key !== body.stepKey) throw CHANGED()
  const childId = randomUUID()
  const claimed = await repo
    .insertStepEvent(deps.app.db, {
      parent_order_id: parent.id,
      step_key: step.key,
      kind: 'ACCEPT',
      funnel_id: session.funnel_id,
      child_order_id: childId,
      outcome: 'PLACING',
      idempotency_key: key,
      request_fingerprint: print,
    })
    // The key's own unique index: the same key is being claimed by a concurrent tap (read below).
    .catch((err: { code?: string }) => {
      if (err.code === '23505') return false
      throw err
    })
  if (!claimed) {
    const same = await repo.findAcceptByKey(deps.app.db, parent.id, key)
    if (!same) throw BUSY()
    if (same.request_fingerprint !== print) throw KEY_REUSED()
    return answerOf(deps, ctx, same)
  }
  let placed: { orderId: string; refused: boolean }
  try {
    placed = await deps.orders.placeDerivedOrder(deps.app, {
      parentOrderId: parent.id,
      storeId: parent.storeId,
      derivedKey: `funnel:${session.funnel_id}:${step.key}`,
      productId: step.productId,
      // The step's price, never the browser's: the body carries only the step and the plan.
      priceCents: step.priceCents,
      installments: Math.min(body.installments ?? 1, step.maxInstallments),
      payment:
        parent.paymentMethod === 'CREDIT_CARD' && parent.cardLast4 ? { method: 'SAVED_CARD' } : { method: 'PIX' },
      orderId: childId,
      ip,
    })
  } catch (err) {
    // Sold out as the child took its stock: its transaction rolled back before any charge.
    if (err instanceof AppError && err.code === 'ORDER_SOLD_OUT') return moveOn(deps, ctx, step, 'SOLD_OUT')
    await repo.dropAccept(deps.app.db, parent.id, step.key)
    throw err
  }
  if (placed.refused) return moveOn(deps, ctx, step, 'REFUSED')
  // Independent writes and reads of one answer, side by side: the tap's time is the buyer's wait.
  const [, moved, child] = await Promise.all([
    repo.setAcceptOutcome(deps.app.db, parent.id, step.key, 'PLACED'),
    repo.moveSession(deps.app.db, parent.id, step.key, step.onAccept, null),
    childOf(deps, parent.id, placed.orderId),
  ])
  return { accepted: true, child, ...kept, next: await nextOffer(deps, ctx, moved, step.onAccept, null) }
}

/** POST …/offer/decline: counted once, then the step's 'se recusar'. */
export async function declineOffer(deps: OfferDeps, orderId: string, token: string, stepKey: string) {
  const ctx = await contextOf(deps, orderId, token)
  if (!ctx?.step || ctx.step.key !== stepKey) throw CHANGED()
  const { parent, session, step } = ctx
  await repo.insertStepEvent(deps.app.db, {
    parent_order_id: parent.id,
    step_key: step.key,
    kind: 'DECLINE',
    funnel_id: session.funnel_id,
    child_order_id: null,
    outcome: null,
  })
  const moved = await repo.moveSession(deps.app.db, parent.id, step.key, step.onDecline, null)
  return { next: await nextOffer(deps, ctx, moved, step.onDecline, null) }
}

/** GET …/offer/orders: the orders taken from this order's offers (the page lists them beside the order). */
export async function offerChildren(deps: OfferDeps, orderId: string, token: string) {
  if (!deps.orders.verifyOrderPageToken(deps.app.config.APP_SECRET, orderId, token)) throw NOT_FOUND()
  return deps.orders.childOrders(deps.app, orderId)
}
