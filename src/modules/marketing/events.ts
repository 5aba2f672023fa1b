import { z } from 'zod'
import { defineEvent } from '../../platform/events'

const visit = { storeId: z.string(), visitKey: z.string() }

/** The buyer widget showed a bump during one checkout visit (counted once per visit by the worker). */
export const bumpDisplayed = defineEvent('order_bump.displayed', z.object({ bumpId: z.string(), ...visit }))

/** The buyer tapped "add" on a bump during one checkout visit. */
export const bumpAdded = defineEvent('order_bump.added', z.object({ bumpId: z.string(), ...visit }))

/** A buyer's order page showed the active redirect link, or the buyer followed or skipped it. */
export const upsellTracked = defineEvent(
  'upsell.tracked',
  z.object({ upsellId: z.string(), kind: z.enum(['DISPLAY', 'CLICK', 'SKIP']), ...visit }),
)
