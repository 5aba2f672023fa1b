import { ChartLine } from 'lucide-react'
import { type StoreSection, section } from '../../lib/sections'

export const pixelSections: StoreSection[] = [
  section('facebook-pixel', 'Facebook Pixel', 90, ChartLine, () => import('./pixel-page')),
]
