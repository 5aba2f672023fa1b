import { lazy } from 'react'
import type { StoreSection } from '../../app/sections'

export const productSections: StoreSection[] = [
  { path: 'products', label: 'Produtos', order: 20, icon: '📦', Component: lazy(() => import('./products-page')) },
]
