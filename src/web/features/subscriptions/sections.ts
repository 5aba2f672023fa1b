import { Repeat } from 'lucide-react'
import { type StoreSection, section } from '../../lib/sections'

export const subscriptionSections: StoreSection[] = [
  section('assinaturas', 'Assinaturas', 32, Repeat, () => import('./merchant/subscriptions-page')),
]
