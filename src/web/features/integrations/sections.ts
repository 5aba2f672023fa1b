import { Link } from 'lucide-react'
import { lazy } from 'react'
import { type PublicRoute, type StoreSection, section } from '../../lib/sections'

export const integrationSections: StoreSection[] = [
  section('integrations', 'Integrações', 100, Link, () => import('./integrations-page')),
]

/** /test-utmfy (spec 002 §2.10): the UTMify card for a made-up store id, reaching no real store's data. */
export const integrationPublicRoutes: PublicRoute[] = [
  { path: '/test-utmfy', Component: lazy(() => import('./test-utmify-page')) },
]
