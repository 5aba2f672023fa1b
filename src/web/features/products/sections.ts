import { lazy } from 'react'
import type { StoreSection } from '../../lib/sections'

export const productSections: StoreSection[] = [
  { path: 'products', label: 'Produtos', order: 20, icon: '📦', Component: lazy(() => import('./products-page')) },
]
