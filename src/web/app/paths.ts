import { storeSections } from './registry'

export function storePath(storeId: string, section: string): string {
  return `/store/${storeId}/${section}`
}

function hasSection(path: string): boolean {
  return storeSections.some((s) => s.path === path)
}

/** Where selecting a store leads: its products page, else the first page any feature provides. */
export function defaultStoreSection(): string | undefined {
  return hasSection('products') ? 'products' : storeSections[0]?.path
}

/** Where /dashboard sends a merchant with stores: the store dashboard, else products, else nowhere. */
export function storeEntrySection(): string | undefined {
  if (hasSection('dashboard')) return 'dashboard'
  if (hasSection('products')) return 'products'
  return undefined
}

/** The sub-path after /store/{id}/ in a pathname (kept when switching stores), if any. */
export function currentStoreSubPath(pathname: string): string | undefined {
  const match = /^\/store\/[^/]+\/(.+)$/.exec(pathname)
  return match?.[1]
}

export function hasOrdersSection(): boolean {
  return hasSection('orders')
}
