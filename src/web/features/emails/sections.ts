import { lazy } from 'react'
import type { StoreSection } from '../../lib/sections'

export const emailSections: StoreSection[] = [
  { path: 'emails', label: 'E-mails', order: 105, icon: '✉️', Component: lazy(() => import('./emails-page')) },
]
