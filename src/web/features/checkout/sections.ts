import { Palette, Truck } from 'lucide-react'
import { lazy } from 'react'
import type { PublicRoute, StoreSection } from '../../lib/sections'

export const checkoutSections: StoreSection[] = [
  {
    path: 'customize-checkout',
    label: 'Personalizar Checkout',
    order: 50,
    icon: Palette,
    Component: lazy(() => import('./owner/customize-checkout-page')),
  },
  {
    path: 'shipping',
    label: 'Opções de Frete',
    order: 60,
    icon: Truck,
    Component: lazy(() => import('./owner/shipping-page')),
  },
]
export const checkoutPublicRoutes: PublicRoute[] = []
