/**
 * A checkout order may subscribe to a plan (issue 36). Plans are the subscriptions module's; that module depends on
 * ordering (its renewals are orders), so ordering cannot import it: the subscriptions module hands its lookup in
 * when it is composed (subscriptions/index.ts), and until then no plan is found.
 */
import type { Db } from './tables'

export interface CheckoutPlan {
  id: string
  priceCents: number
  trialDays: number
  /** credit_card | pix_automatic | pix | bank_slip */
  methods: string[]
}

export type PlanLookup = (
  db: Db,
  q: { storeId: string; productId: string; planId: string },
) => Promise<CheckoutPlan | undefined>

let lookup: PlanLookup = async () => undefined

export function setPlanLookup(fn: PlanLookup) {
  lookup = fn
}

export const findCheckoutPlan: PlanLookup = (db, q) => lookup(db, q)
