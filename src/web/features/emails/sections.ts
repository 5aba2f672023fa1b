import { Mail } from 'lucide-react'
import { lazy } from 'react'
import type { StoreSection } from '../../lib/sections'

export const emailSections: StoreSection[] = [
  { path: 'emails', label: 'E-mails', order: 105, icon: Mail, Component: lazy(() => import('./emails-page')) },
]
