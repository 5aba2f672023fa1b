import { Star } from 'lucide-react'
import { lazy } from 'react'
import type { StoreSection } from '../../lib/sections'

export const reviewSections: StoreSection[] = [
  {
    path: 'reviews-management',
    label: 'Avaliações',
    order: 40,
    icon: Star,
    Component: lazy(() => import('./reviews-management-page')),
  },
]
