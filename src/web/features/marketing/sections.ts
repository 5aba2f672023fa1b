import { CornerUpRight, Gift, TicketPercent } from 'lucide-react'
import { lazy } from 'react'
import type { StoreSection } from '../../lib/sections'

export const marketingSections: StoreSection[] = [
  {
    path: 'order-bumps',
    label: 'Order Bumps',
    order: 70,
    icon: Gift,
    Component: lazy(() => import('./order-bumps-page')),
  },
  {
    path: 'coupons',
    label: 'Cupons',
    order: 75,
    icon: TicketPercent,
    Component: lazy(() => import('./coupons-page')),
  },
  {
    path: 'upsells',
    label: 'Pós-Compra',
    order: 80,
    icon: CornerUpRight,
    Component: lazy(() => import('./upsells-page')),
  },
]
