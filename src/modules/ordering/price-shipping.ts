/** Placing a physical order: the delivery address checked and the chosen shipping option priced by checkout. */
import type { z } from 'zod'
import { AppError } from '../../platform/errors'
import { type orderPayloadSchema, SHIPPING_UNAVAILABLE } from '../../shared/ordering'
import { NO_SHIPPING_OPTION } from '../../shared/shipping'
import { checkoutService } from '../checkout'
import type { Db, ShippingAddress } from './tables'

type ShippingInput = z.output<typeof orderPayloadSchema>['shipping']

export interface PricedShipping {
  optionId: string
  name: string
  priceCents: number
  estimatedDelivery: string
}

/** The address the order is delivered to, or a 400 naming what is wrong with it. */
export function shippingAddressOf(s: ShippingInput): ShippingAddress {
  const check = checkoutService.validateAddress({
    address: s.address,
    number: s.number,
    city: s.city,
    state: s.state,
    zipCode: s.zipCode,
  })
  if (!check.valid) {
    const message = check.message || 'Endereço inválido'
    throw new AppError(400, message, { 'shipping.address': message })
  }
  return {
    street: s.address,
    number: s.number,
    complement: s.complement,
    neighborhood: s.neighborhood,
    city: s.city,
    state: s.state,
    zipCode: s.zipCode,
  }
}

/**
 * The shipping price for the chosen option and CEP, from the database. A fallback option ('Padrão'/'Expresso') is
 * priced by checkout only when the merchant turned the fallback on and the store has no active option; a store
 * offering nothing refuses the order with the message the buyer page showed at the CEP.
 */
export async function priceShipping(
  db: Db,
  storeId: string,
  shipping: ShippingInput,
  subtotalCents: number,
  /** The cart, for a Melhor Envio option's package (checkout prices it from its kept quote). */
  items: { productId: string; quantity: number }[] = [],
  now: Date = new Date(),
): Promise<PricedShipping> {
  const quote = await checkoutService.quoteShippingOption(
    db,
    storeId,
    shipping.method,
    shipping.zipCode,
    subtotalCents,
    items,
    now,
  )
  if (quote) {
    return {
      optionId: quote.id,
      name: quote.name,
      priceCents: quote.priceCents,
      estimatedDelivery: quote.estimatedDelivery,
    }
  }
  const offered = await checkoutService.quoteShipping(db, storeId, shipping.zipCode, subtotalCents)
  const message = offered.length === 0 ? NO_SHIPPING_OPTION : SHIPPING_UNAVAILABLE
  throw new AppError(400, message, { 'shipping.method': message }, 'SHIPPING_UNAVAILABLE')
}
