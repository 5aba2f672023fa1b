import { CreditCard } from 'lucide-react'
import { lazy } from 'react'
import type { PublicRoute, StoreSection } from '../../lib/sections'

export const paymentSections: StoreSection[] = [
  {
    path: 'payment-configuration',
    label: 'Pagamentos',
    order: 110,
    icon: CreditCard,
    Component: lazy(() => import('./payment-configuration-page')),
  },
]

/** /test-ativo-pay (spec 002 §2.10): public route; the transaction calls need a logged-in owner. */
export const paymentPublicRoutes: PublicRoute[] = [
  { path: '/test-ativo-pay', Component: lazy(() => import('./test-ativo-pay-page')) },
]
