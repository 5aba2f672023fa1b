import { Package } from 'lucide-react'
import { lazy } from 'react'
import type { StoreSection } from '../../app/sections'

export const productSections: StoreSection[] = [
  { path: 'products', label: 'Produtos', order: 20, icon: Package, Component: lazy(() => import('./products-page')) },
]
