import { Star } from 'lucide-react'
import { type StoreSection, section } from '../../lib/sections'

export const reviewSections: StoreSection[] = [
  section('reviews-management', 'Avaliações', 40, Star, () => import('./reviews-management-page')),
]
