import { CornerUpRight, Gift, TicketPercent } from 'lucide-react'
import { type StoreSection, section } from '../../lib/sections'

export const marketingSections: StoreSection[] = [
  section('order-bumps', 'Order Bumps', 70, Gift, () => import('./order-bumps-page')),
  section('coupons', 'Cupons', 75, TicketPercent, () => import('./coupons-page')),
  section('upsells', 'Pós-Compra', 80, CornerUpRight, () => import('./upsells-page')),
]
