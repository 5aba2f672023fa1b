import type { StoreSection } from '../../app/sections'

export const productSections: StoreSection[] = []
