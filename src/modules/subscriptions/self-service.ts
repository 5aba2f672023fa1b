/**
 * The buyer's self-service (issue 36) by a signed link in every e-mail and from the buyer area: see the plan and
 * the invoices, update the card (charged at once for a past-due cycle: the approved card is kept as the new saved
 * card), cancel now or at the end of the period. A tampered link, or one of another subscription, is 404.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Clock } from '../../platform/clock'
import { deriveKey } from '../../platform/crypto'
import { AppError } from '../../platform/errors'
import { catalogService } from '../catalog'
import { type PaymentsDeps, paymentsService } from '../payments'
import { cancelSubscription } from './actions'
import type { BillingDeps } from './billing'
import { billingNow } from './billing-clock'
import { type BuyerSubscription, SUBSCRIPTION_MESSAGES, type UpdateCardInput } from './dto'
import { findSubscription, hasAccess, settleCyclePaid } from './lifecycle'
import { toPublicPlan, trialNote } from './plans'
import { cardOf, cyclesOf } from './reads'
import type { Db } from './tables'

const PURPOSE = 'subscription-self-service'
const mac = (secret: string, body: string) =>
  createHmac('sha256', deriveKey(secret, PURPOSE)).update(body).digest('base64url')

export function selfServiceToken(secret: string, storeId: string, subscriptionId: string) {
  const body = Buffer.from(`${storeId}|${subscriptionId}`).toString('base64url')
  return `${body}.${mac(secret, body)}`
}

export function verifySelfService(secret: string, token: string) {
  const dot = token.lastIndexOf('.')
  if (dot <= 0) return undefined
  const body = token.slice(0, dot)
  const given = Buffer.from(token.slice(dot + 1))
  const expected = Buffer.from(mac(secret, body))
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  const [storeId, subscriptionId] = Buffer.from(body, 'base64url').toString('utf8').split('|')
  return storeId && subscriptionId ? { storeId, subscriptionId } : undefined
}

const invalid = () => new AppError(404, SUBSCRIPTION_MESSAGES.linkInvalid)

async function subscriptionOfToken(db: Db, secret: string, token: string) {
  const target = verifySelfService(secret, token)
  if (!target) throw invalid()
  const sub = await findSubscription(db, target.storeId, target.subscriptionId)
  if (!sub) throw invalid()
  return sub
}

export async function buyerView(deps: { db: Db; clock: Clock; secret: string }, token: string) {
  const sub = await subscriptionOfToken(deps.db, deps.secret, token)
  return toBuyerView(deps, sub.store_id, sub.id)
}

async function toBuyerView(deps: { db: Db; clock: Clock }, storeId: string, id: string): Promise<BuyerSubscription> {
  const { db } = deps
  const sub = (await findSubscription(db, storeId, id))!
  const plan = await db
    .selectFrom('subscription_plans')
    .selectAll()
    .where('id', '=', sub.plan_id)
    .executeTakeFirstOrThrow()
  const [cycles, now, card, product, store] = await Promise.all([
    cyclesOf(db, id),
    billingNow(db, deps.clock, storeId),
    cardOf(db, storeId, sub.customer_email),
    catalogService.findProduct(db as never, storeId, sub.product_id),
    db
      .selectFrom('stores' as never)
      .select('name' as never)
      .where('id' as never, '=', storeId as never)
      .executeTakeFirst() as Promise<{ name: string } | undefined>,
  ])
  return {
    id: sub.id,
    status: sub.status,
    storeName: store?.name ?? '',
    productName: product?.name ?? plan.name,
    plan: {
      ...toPublicPlan(plan, now),
      priceCents: Number(sub.price_cents),
      // The buyer's own trial (or none), not what the plan offers new buyers today.
      firstChargeAt: sub.trial_end?.toISOString() ?? null,
      trialNote: sub.trial_end
        ? trialNote(
            Math.round((sub.trial_end.getTime() - sub.created_at.getTime()) / 86_400_000),
            Number(sub.price_cents),
            sub.trial_end,
          )
        : null,
    },
    method: sub.method,
    currentPeriodStart: sub.current_period_start.toISOString(),
    currentPeriodEnd: sub.current_period_end.toISOString(),
    accessUntil: sub.access_until?.toISOString() ?? null,
    hasAccess: hasAccess(sub, now),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    card,
    invoices: cycles
      .filter((c) => c.status !== 'SCHEDULED')
      .map((c) => ({
        number: c.number,
        status: c.status,
        dueAt: c.dueAt,
        amountCents: c.amountCents,
        paidAt: c.paidAt,
        orderId: c.orderId,
      })),
  }
}

export async function buyerCancel(deps: { db: Db; clock: Clock; secret: string }, token: string, atPeriodEnd: boolean) {
  const sub = await subscriptionOfToken(deps.db, deps.secret, token)
  await cancelSubscription(deps, sub.store_id, sub.id, { atPeriodEnd, by: 'buyer' })
  return toBuyerView(deps, sub.store_id, sub.id)
}

/**
 * A new card. With a past-due cycle, that cycle's renewal order is charged with it at once (a buyer-initiated
 * charge with the CVV); the approved card is kept as the buyer's saved card, so the next renewals use it.
 */
export async function updateCard(
  deps: BillingDeps & { secret: string },
  token: string,
  input: UpdateCardInput,
  ip?: string,
) {
  const { db } = deps
  const sub = await subscriptionOfToken(db, deps.secret, token)
  if (sub.status === 'CANCELED' || sub.status === 'EXPIRED') throw new AppError(409, SUBSCRIPTION_MESSAGES.canceled)
  const open = await db
    .selectFrom('subscription_cycles')
    .selectAll()
    .where('subscription_id', '=', sub.id)
    .where('status', 'in', ['PENDING', 'FAILED'])
    .orderBy('number')
    .executeTakeFirst()
  if (!open?.order_id)
    throw new AppError(
      409,
      'Nenhuma cobrança pendente: o novo cartão poderá ser cadastrado na próxima cobrança recusada',
    )
  const [mm, yy] = input.cardExpiry.split('/')
  const result = await paymentsService
    .createCharge(deps.payments as PaymentsDeps, {
      storeId: sub.store_id,
      orderRef: open.order_id,
      amountCents: Number(open.amount_cents),
      method: 'CREDIT_CARD',
      customer: {
        name: sub.customer_name,
        email: sub.customer_email,
        phone: sub.customer_phone,
        document: sub.customer_document.replace(/\D/g, ''),
      },
      items: [
        {
          title: 'Assinatura',
          unitPriceCents: Number(open.amount_cents),
          quantity: 1,
          tangible: false,
          externalRef: sub.product_id,
        },
      ],
      card: {
        number: input.cardNumber.replace(/\D/g, ''),
        holderName: input.cardName,
        expMonth: Number(mm),
        expYear: (yy ?? '').length === 2 ? 2000 + Number(yy) : Number(yy),
        cvv: input.cardCvv,
        save: true,
      },
      installments: 1,
      ip,
    })
    .catch((err: unknown) => {
      if (err instanceof AppError && err.statusCode < 500) return { status: 'REFUSED' as const, transactionId: null }
      throw err
    })
  if (result.status === 'PAID') {
    // Settled now (the order's own paid event settles nothing twice): an attempt of its own in the timeline.
    const at = await billingNow(db, deps.clock, sub.store_id)
    await db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom('subscription_attempts')
        .select((eb) => eb.fn.max('number').as('n'))
        .where('cycle_id', '=', open.id)
        .executeTakeFirst()
      const number = Number(last?.n ?? 0) + 1
      await trx
        .insertInto('subscription_attempts')
        .values({
          cycle_id: open.id,
          number,
          idempotency_key: `${sub.id}:${open.number}:${number}`,
          status: 'PAID',
          method: 'credit_card',
          amount_cents: Number(open.amount_cents),
          transaction_id: result.transactionId,
          created_at: at,
          finished_at: at,
        })
        .onConflict((oc) => oc.doNothing())
        .execute()
      await settleCyclePaid(trx, open.id, at, { orderId: open.order_id })
    })
  }
  const view = await toBuyerView(deps, sub.store_id, sub.id)
  const paid = result.status === 'PAID'
  return {
    subscription: view,
    outcome: paid ? ('PAID' as const) : ('REFUSED' as const),
    message: paid ? 'Pagamento aprovado: sua assinatura está em dia.' : 'Cartão recusado. Tente outro cartão.',
  }
}
