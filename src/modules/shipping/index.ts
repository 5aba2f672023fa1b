import { expose } from '../../platform/db'
import type { AppModule } from '../types'
import { shippingJobs } from './jobs'
import { shippingRoutes } from './routes'
import * as service from './service'

export { type MeAddress, type MelhorEnvioClient, MelhorEnvioError, type MeOrder } from './melhor-envio-client'
export type { CarrierQuotes, CartItems, ShippingDeps } from './service'

/** What other modules may ask of shipping (carriers: Melhor Envio); they never read its tables. */
export const shippingService = expose({
  /** Real carriers' options for a cart and CEP (kept 10 min); a failure is reported, never thrown. */
  quoteCarriers: service.quoteCarriers,
  /** The kept price of a Melhor Envio option for an order (no network call), or undefined. */
  honouredCarrierQuote: service.honouredCarrierQuote,
  /** The store's active Melhor Envio connection, token in clear for the calls only. */
  activeConnection: service.activeConnection,
  /** The cart as one box from the catalog's dimensions. */
  cartPackage: service.cartPackage,
  /** Whether the store quotes real carriers now: the catalog then asks physical products for a size. */
  usesRealQuotes: service.usesRealQuotes,
  /** The Melhor Envio client for the configured base URL (or the one handed in). */
  clientOf: service.clientOf,
})

export const shippingModule: AppModule = { name: 'shipping', routes: shippingRoutes, jobs: shippingJobs }
