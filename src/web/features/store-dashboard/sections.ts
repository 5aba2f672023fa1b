import { ChartBar } from 'lucide-react'
import { lazy } from 'react'
import type { StoreSection } from '../../lib/sections'

export const dashboardSections: StoreSection[] = [
  {
    path: 'dashboard',
    label: 'Dashboard da Loja',
    order: 10,
    icon: ChartBar,
    Component: lazy(() => import('./store-dashboard-page')),
  },
]
