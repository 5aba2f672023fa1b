import { ApiError, DEFAULT_ERROR_MESSAGE, TOKEN_KEY } from '../../../lib/api'
import { filterParams, type OrderFilters } from '../model'

/**
 * Downloads the CSV of every order matching the filters. The server streams it in batches; the browser needs the
 * bearer token, so the file comes through fetch and a temporary link rather than a plain href.
 */
export async function exportOrders(storeId: string, filters: OrderFilters): Promise<void> {
  const url = new URL(`/api/stores/${encodeURIComponent(storeId)}/orders/export`, window.location.origin)
  for (const [k, v] of Object.entries(filterParams(filters))) url.searchParams.set(k, v)
  const token = localStorage.getItem(TOKEN_KEY)
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string }
    throw new ApiError(body.message || DEFAULT_ERROR_MESSAGE, res.status)
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'pedidos.csv'
  const href = URL.createObjectURL(await res.blob())
  const link = document.createElement('a')
  link.href = href
  link.download = name
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(href), 1000)
}
