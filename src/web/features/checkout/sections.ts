import type { PublicRoute, StoreSection } from '../../app/sections'

export const checkoutSections: StoreSection[] = []
export const checkoutPublicRoutes: PublicRoute[] = []
