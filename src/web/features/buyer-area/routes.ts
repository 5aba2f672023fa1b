import { lazy } from 'react'
import type { PublicRoute } from '../../lib/sections'

/** The buyer's area (issue 35): public routes, signed in by an e-mailed link (HttpOnly cookie), no merchant login. */
export const buyerAreaRoutes: PublicRoute[] = [
  { path: '/minha-conta', Component: lazy(() => import('./buyer-area-page')) },
  { path: '/minha-conta/entrar', Component: lazy(() => import('./sign-in-page')) },
]
