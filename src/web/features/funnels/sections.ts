import { Workflow } from 'lucide-react'
import { type StoreSection, section } from '../../lib/sections'

export const funnelSections: StoreSection[] = [
  section('funnels', 'Funis', 82, Workflow, () => import('./funnels-page')),
]
