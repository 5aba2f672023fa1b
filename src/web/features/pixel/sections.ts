import { ChartLine } from 'lucide-react'
import { lazy } from 'react'
import type { StoreSection } from '../../lib/sections'

export const pixelSections: StoreSection[] = [
  {
    path: 'facebook-pixel',
    label: 'Facebook Pixel',
    order: 90,
    icon: ChartLine,
    Component: lazy(() => import('./pixel-page')),
  },
]
