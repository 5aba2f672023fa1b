import { Package } from 'lucide-react'
import { lazy } from 'react'
import type { StoreSection } from '../../lib/sections'

export const productSections: StoreSection[] = [
  { path: 'products', label: 'Produtos', order: 20, icon: Package, Component: lazy(() => import('./products-page')) },
]
