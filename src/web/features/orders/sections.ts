import type { StoreSection } from '../../app/sections'

export const orderSections: StoreSection[] = []
