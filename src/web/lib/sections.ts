import type { LucideIcon } from 'lucide-react'
import { type ComponentType, createContext, type LazyExoticComponent, lazy, useContext } from 'react'

/** A page under /store/:storeId/<path>, with its sidebar entry. Features declare theirs in sections.ts. */
export interface StoreSection {
  path: string
  label: string
  /** Sidebar position: dashboard 10, products 20, orders 30, reviews 40, customize-checkout 50, shipping 60,
   *  order-bumps 70, upsells 80, facebook-pixel 90, integrations 100, payment-configuration 110. */
  order: number
  /** The sidebar icon (an SVG from lucide-react: an emoji renders as an empty box where no emoji font is), also
   *  shown when collapsed. */
  icon: LucideIcon
  Component: LazyExoticComponent<ComponentType>
}

/** One row of a feature's sections table: the page is loaded (lazily) the first time it is opened. */
export function section(
  path: string,
  label: string,
  order: number,
  icon: LucideIcon,
  load: () => Promise<{ default: ComponentType }>,
): StoreSection {
  return { path, label, order, icon, Component: lazy(load) }
}

/** A page outside the merchant shell (checkout pages, test pages): no sidebar, no login required. */
export interface PublicRoute {
  path: string
  Component: LazyExoticComponent<ComponentType>
}

/**
 * The store pages the app was built with. The app provides them (its registry composes the features); features and
 * the path helpers below receive them, so nothing under features/ needs to import the registry.
 */
export const StoreSectionsContext = createContext<readonly StoreSection[]>([])

export function useStoreSections(): readonly StoreSection[] {
  return useContext(StoreSectionsContext)
}

export function storePath(storeId: string, section: string): string {
  return `/store/${storeId}/${section}`
}

export function hasSection(sections: readonly StoreSection[], path: string): boolean {
  return sections.some((s) => s.path === path)
}

/** Where selecting a store leads: its products page, else the first page any feature provides. */
export function defaultStoreSection(sections: readonly StoreSection[]): string | undefined {
  return hasSection(sections, 'products') ? 'products' : sections[0]?.path
}

/** Where /dashboard sends a merchant with stores: the store dashboard, else products, else nowhere. */
export function storeEntrySection(sections: readonly StoreSection[]): string | undefined {
  if (hasSection(sections, 'dashboard')) return 'dashboard'
  if (hasSection(sections, 'products')) return 'products'
  return undefined
}

/** The sub-path after /store/{id}/ in a pathname (kept when switching stores), if any. */
export function currentStoreSubPath(pathname: string): string | undefined {
  const match = /^\/store\/[^/]+\/(.+)$/.exec(pathname)
  return match?.[1]
}
