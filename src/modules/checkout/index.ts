import type { FastifyInstance } from 'fastify'
import type { DbOrTrx as AnyDbOrTrx } from '../../platform/db'
import type { AddressValidationAnswer, PublicCustomization } from '../../shared/checkout'
import type { AppModule } from '../types'
import { validateAddress } from './address'
import { checkoutConfigRoutes } from './config-routes'
import { publicCustomization } from './customization'
import { readinessRoutes } from './readiness'
import { seedCheckoutDemo } from './seed'
import { quoteShipping, quoteShippingOption, type ShippingQuote } from './shipping'
import { shippingRoutes } from './shipping-routes'
import type { DbOrTrx } from './tables'

export { sanitizeCss, sanitizeHtml } from './sanitize'
export type { ShippingQuote } from './shipping'
export { PRODUCT_UNAVAILABLE } from './shipping'

/** What other modules (ordering, the buyer checkout) may ask of the checkout configuration; they never read its tables. */
export const checkoutService: {
  /** Options a buyer can pick for this CEP and server-computed subtotal (cents), from the DB. */
  quoteShipping(db: AnyDbOrTrx, storeId: string, zipCode: string, subtotalCents: number): Promise<ShippingQuote[]>
  /** The quote for one option id (undefined if the option is unknown/inactive/foreign). Used to price an order. */
  quoteShippingOption(
    db: AnyDbOrTrx,
    storeId: string,
    optionId: string,
    zipCode: string,
    subtotalCents: number,
    /** The cart, for a Melhor Envio option's package (its kept quote); zone options ignore it. */
    items?: readonly { productId: string; quantity: number }[],
    /** The time a kept carrier quote's age is read against (default: now). */
    now?: Date,
  ): Promise<ShippingQuote | undefined>
  /** Required fields, a well-formed CEP, and the state consistent with the CEP's range. */
  validateAddress(input: {
    address: string
    city: string
    state: string
    zipCode: string
    number?: string
  }): AddressValidationAnswer
  /** Defaults when none saved; header, footer and CSS sanitised. */
  publicCustomization(db: DbOrTrx, storeId: string): Promise<PublicCustomization>
} = { quoteShipping, quoteShippingOption, validateAddress, publicCustomization }

async function routes(app: FastifyInstance) {
  await app.register(shippingRoutes)
  await app.register(checkoutConfigRoutes)
  await app.register(readinessRoutes)
}

export const checkoutModule: AppModule = { name: 'checkout', routes, seedDemo: seedCheckoutDemo }
