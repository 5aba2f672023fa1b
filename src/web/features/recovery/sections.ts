import { RotateCcw } from 'lucide-react'
import { type StoreSection, section } from '../../lib/sections'

export const recoverySections: StoreSection[] = [
  section('recuperacao', 'Recuperação', 35, RotateCcw, () => import('./recovery-page')),
]
