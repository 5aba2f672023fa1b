import { CreditCard, Waypoints } from 'lucide-react'
import { lazy } from 'react'
import { type PublicRoute, type StoreSection, section } from '../../lib/sections'

export const paymentSections: StoreSection[] = [
  section('payment-configuration', 'Pagamentos', 110, CreditCard, () => import('./payment-configuration-page')),
  section('gateways', 'Gateways', 115, Waypoints, () => import('./gateways-page')),
]

/** /test-ativo-pay (spec 002 §2.10): public route; the transaction calls need a logged-in owner. */
export const paymentPublicRoutes: PublicRoute[] = [
  { path: '/test-ativo-pay', Component: lazy(() => import('./test-ativo-pay-page')) },
]
