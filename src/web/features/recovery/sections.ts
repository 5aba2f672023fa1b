import { lazy } from 'react'
import type { StoreSection } from '../../lib/sections'

export const recoverySections: StoreSection[] = [
  {
    path: 'recuperacao',
    label: 'Recuperação',
    order: 35,
    icon: '↺',
    Component: lazy(() => import('./recovery-page')),
  },
]
