import { lazy } from 'react'
import type { PublicRoute } from '../../../lib/sections'

/** Where each buyer page lives; the server's first paint (src/web/checkout-server.tsx) routes the same paths. */
export const BUYER_PATHS = {
  physical: '/checkout/:storeId/:productId',
  digital: '/digital-checkout/:storeId/:productId',
  order: '/pedido/:orderId',
} as const

/** The buyer checkout pages: their own lazy chunks, no merchant code. */
export const buyerRoutes: PublicRoute[] = [
  { path: BUYER_PATHS.physical, Component: lazy(() => import('./physical-checkout-page')) },
  { path: BUYER_PATHS.digital, Component: lazy(() => import('./digital-checkout-page')) },
  { path: BUYER_PATHS.order, Component: lazy(() => import('./order-page')) },
]
