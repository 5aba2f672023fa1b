import { Package } from 'lucide-react'
import { type StoreSection, section } from '../../lib/sections'

export const productSections: StoreSection[] = [
  section('products', 'Produtos', 20, Package, () => import('./products-page')),
]
