import { Handshake } from 'lucide-react'
import { type StoreSection, section } from '../../lib/sections'

export const affiliateSections: StoreSection[] = [
  section('afiliados', 'Afiliados', 36, Handshake, () => import('./affiliates-page')),
]
