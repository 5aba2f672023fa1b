import { affiliateSections } from '../features/affiliates/sections'
import { buyerAreaRoutes } from '../features/buyer-area/routes'
import { buyerRoutes } from '../features/checkout/buyer/routes'
import { checkoutPublicRoutes, checkoutSections } from '../features/checkout/sections'
import { emailSections } from '../features/emails/sections'
import { funnelSections } from '../features/funnels/sections'
import { integrationPublicRoutes, integrationSections } from '../features/integrations/sections'
import { marketingSections } from '../features/marketing/sections'
import { orderSections } from '../features/orders/sections'
import { paymentPublicRoutes, paymentSections } from '../features/payments/sections'
import { pixelSections } from '../features/pixel/sections'
import { productSections } from '../features/products/sections'
import { recoverySections } from '../features/recovery/sections'
import { reviewSections } from '../features/reviews/sections'
import { dashboardSections } from '../features/store-dashboard/sections'
import { subscriptionPublicRoutes } from '../features/subscriptions/routes'
import { subscriptionSections } from '../features/subscriptions/sections'
import type { PublicRoute, StoreSection } from '../lib/sections'

/** Every store page and public page the features provide; the router and the sidebar are built from these. */
export const storeSections: StoreSection[] = [
  ...dashboardSections,
  ...productSections,
  ...orderSections,
  ...subscriptionSections,
  ...recoverySections,
  ...affiliateSections,
  ...checkoutSections,
  ...paymentSections,
  ...reviewSections,
  ...integrationSections,
  ...emailSections,
  ...marketingSections,
  ...funnelSections,
  ...pixelSections,
].sort((a, b) => a.order - b.order)

export const publicRoutes: PublicRoute[] = [
  ...buyerRoutes,
  ...buyerAreaRoutes,
  ...checkoutPublicRoutes,
  ...paymentPublicRoutes,
  ...integrationPublicRoutes,
  ...subscriptionPublicRoutes,
]
