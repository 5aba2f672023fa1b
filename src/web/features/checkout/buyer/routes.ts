import { lazy } from 'react'
import type { PublicRoute } from '../../../app/sections'

/** The buyer checkout pages: their own lazy chunks, no merchant code. */
export const buyerRoutes: PublicRoute[] = [
  { path: '/checkout/:storeId/:productId', Component: lazy(() => import('./physical-checkout-page')) },
  { path: '/digital-checkout/:storeId/:productId', Component: lazy(() => import('./digital-checkout-page')) },
  { path: '/pedido/:orderId', Component: lazy(() => import('./order-page')) },
]
