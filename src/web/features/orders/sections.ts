import { Receipt } from 'lucide-react'
import { lazy } from 'react'
import type { StoreSection } from '../../lib/sections'

export const orderSections: StoreSection[] = [
  { path: 'orders', label: 'Pedidos', order: 30, icon: Receipt, Component: lazy(() => import('./orders-page')) },
]
