import { ChartBar } from 'lucide-react'
import { type StoreSection, section } from '../../lib/sections'

export const dashboardSections: StoreSection[] = [
  section('dashboard', 'Dashboard da Loja', 10, ChartBar, () => import('./store-dashboard-page')),
]
