import { Receipt } from 'lucide-react'
import { type StoreSection, section } from '../../lib/sections'

export const orderSections: StoreSection[] = [section('orders', 'Pedidos', 30, Receipt, () => import('./orders-page'))]
