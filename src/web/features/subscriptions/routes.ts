import { lazy } from 'react'
import type { PublicRoute } from '../../lib/sections'

/** The signed page of every subscription e-mail: no login, the link's token is the credential. */
export const subscriptionPublicRoutes: PublicRoute[] = [
  { path: '/assinatura/:id', Component: lazy(() => import('./buyer/self-service-page')) },
]
