import type { PublicRoute, StoreSection } from '../../app/sections'

export const paymentSections: StoreSection[] = []
export const paymentPublicRoutes: PublicRoute[] = []
