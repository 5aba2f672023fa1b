import { lazy } from 'react'
import type { StoreSection } from '../../app/sections'
import { buyerRoutes } from '../checkout/buyer/routes'
import { checkoutPublicRoutes } from '../checkout/sections'
import { dashboardSections } from '../store-dashboard/sections'

export const orderSections: StoreSection[] = [
  // TEMPORARY: the store dashboard rides along until the registry lists `dashboardSections` itself; remove this
  // line (and the import) when wiring it there.
  ...dashboardSections,
  { path: 'orders', label: 'Pedidos', order: 30, icon: '🧾', Component: lazy(() => import('./orders-page')) },
]

// TEMPORARY: routes the buyer checkout pages until the registry lists `buyerRoutes` itself; delete this block
// when wiring them there (it only adds the paths that are missing, so nothing is routed twice before that).
for (const route of buyerRoutes)
  if (!checkoutPublicRoutes.some((r) => r.path === route.path)) checkoutPublicRoutes.push(route)
