import type { OrderDateFilter, OrderFiltersQuery } from '../../../shared/orders-list'

export { addressLine, statusLabel } from '../../../shared/orders-csv'

/** Whose orders a screen lists: one store's (the merchant's 'Pedidos') or the platform's (the admin's screen). */
export type OrdersScope = { storeId: string } | 'platform'

/** The API path of a scope's orders list; '/summary' and '/export' hang under it. */
export function ordersPath(scope: OrdersScope): string {
  return scope === 'platform' ? '/admin/orders' : `/stores/${encodeURIComponent(scope.storeId)}/orders`
}

export const scopeKey = (scope: OrdersScope) => (scope === 'platform' ? ['admin'] : ['stores', scope.storeId])

export type DateFilter = OrderDateFilter
export type OrderFilters = OrderFiltersQuery

export const NO_FILTERS: OrderFilters = { search: '', status: 'all', payment: 'all', date: 'all', coupon: '' }

export const DATE_FILTERS: { value: DateFilter; label: string }[] = [
  { value: 'all', label: 'Todas as datas' },
  { value: 'today', label: 'Hoje' },
  { value: 'week', label: 'Última semana' },
  { value: 'month', label: 'Último mês' },
]

export function hasFilters(f: OrderFilters): boolean {
  return (
    f.search.trim() !== '' || f.status !== 'all' || f.payment !== 'all' || f.date !== 'all' || f.coupon.trim() !== ''
  )
}

/** How many filters are in use: the count on a phone's folded 'Filtros' button. */
export const activeFilterCount = (f: OrderFilters) => Object.keys(filterParams(f)).length

/** The filters as query parameters, leaving out the ones that filter nothing. */
export function filterParams(f: OrderFilters): Record<string, string> {
  const out: Record<string, string> = {}
  if (f.search.trim()) out.search = f.search.trim()
  if (f.status !== 'all') out.status = f.status
  if (f.payment !== 'all') out.payment = f.payment
  if (f.date !== 'all') out.date = f.date
  if (f.coupon.trim()) out.coupon = f.coupon.trim()
  return out
}

/** Pages over a keyset list: page N starts after the last order of page N-1 (cursors[N-2]). */
export interface Pager {
  page: number
  cursors: string[]
}

export const FIRST_PAGE: Pager = { page: 1, cursors: [] }

export const afterOf = (p: Pager): string | undefined => (p.page > 1 ? p.cursors[p.page - 2] : undefined)

export function nextPage(p: Pager, lastId: string): Pager {
  const cursors = p.cursors.slice(0, p.page - 1)
  cursors.push(lastId)
  return { page: p.page + 1, cursors }
}

export const previousPage = (p: Pager): Pager => (p.page > 1 ? { page: p.page - 1, cursors: p.cursors } : p)

export const totalPages = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize))
