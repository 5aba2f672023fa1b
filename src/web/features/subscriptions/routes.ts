import { lazy } from 'react'
import type { PublicRoute } from '../../lib/sections'

/** The page of every subscription e-mail (/assinatura?token=…): no login, the link's token is the credential. */
export const subscriptionPublicRoutes: PublicRoute[] = [
  { path: '/assinatura', Component: lazy(() => import('./buyer/self-service-page')) },
]
