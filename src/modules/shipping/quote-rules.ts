/** The pure rules of a Melhor Envio quote: the package of a cart, and the merchant's markup and free-shipping rule. */
import { formatDeliveryDays, type ShippingQuote } from '../../shared/checkout'
import { type Dimensions, ME_OPTION_PREFIX } from '../../shared/melhor-envio'
import type { MePackage } from './melhor-envio-client'

export interface Markup {
  type: 'FIXED' | 'PERCENT'
  /** cents for FIXED, basis points for PERCENT */
  amount: number
}

/**
 * One box for the cart: items stacked (heights add up), the widest and longest footprint, weights summed. Melhor
 * Envio takes kilograms and whole centimetres.
 */
export function packageOf(items: readonly { dims: Dimensions; quantity: number }[]): MePackage {
  let grams = 0
  let height = 0
  let width = 0
  let length = 0
  for (const { dims, quantity } of items) {
    grams += dims.weightGrams * quantity
    height += dims.heightCm * quantity
    width = Math.max(width, dims.widthCm)
    length = Math.max(length, dims.lengthCm)
  }
  return { weight: grams / 1000, height, width, length }
}

/** The cache key of a package: same box, same quote. */
export function packageKey(p: MePackage): string {
  return `${Math.round(p.weight * 1000)}g:${p.height}x${p.width}x${p.length}`
}

/** Melhor Envio's "23.45" → 2345 cents; anything else is no price. */
export function centsOf(price: string | undefined): number | undefined {
  if (price === undefined || !/^\d+(\.\d{1,2})?$/.test(price)) return undefined
  return Math.round(Number(price) * 100)
}

export function withMarkup(cents: number, markup: Markup): number {
  const added = markup.type === 'FIXED' ? markup.amount : Math.round((cents * markup.amount) / 10_000)
  return Math.max(0, cents + added)
}

export interface CarrierQuote {
  serviceId: number
  /** 'Correios SEDEX' */
  name: string
  /** Melhor Envio's price, before the markup. */
  priceCents: number
  days: number
}

/** The buyer's option: the merchant's markup on Melhor Envio's price, free when the subtotal reaches the threshold. */
export function toShippingQuote(
  q: CarrierQuote,
  rules: { markup: Markup; freeAboveCents: number | null },
  subtotalCents: number,
): ShippingQuote {
  const priced = withMarkup(q.priceCents, rules.markup)
  const isFree = rules.freeAboveCents !== null && subtotalCents >= rules.freeAboveCents
  return {
    id: `${ME_OPTION_PREFIX}${q.serviceId}`,
    name: q.name,
    description: 'Entrega via Melhor Envio',
    priceCents: isFree ? 0 : priced,
    originalPriceCents: priced,
    isFree,
    estimatedDelivery: formatDeliveryDays(q.days),
    estimatedDays: q.days,
  }
}
