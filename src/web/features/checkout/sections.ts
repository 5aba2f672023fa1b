import { Palette, Truck } from 'lucide-react'
import { type PublicRoute, type StoreSection, section } from '../../lib/sections'

export const checkoutSections: StoreSection[] = [
  section('customize-checkout', 'Personalizar Checkout', 50, Palette, () => import('./owner/customize-checkout-page')),
  section('shipping', 'Opções de Frete', 60, Truck, () => import('./owner/shipping-page')),
]
export const checkoutPublicRoutes: PublicRoute[] = []
