import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { PAID_STATUSES } from '../../../../shared/ordering-rules'
import { getOrderPage } from './api/get-order-page'

/**
 * The order this browser placed for a product and has not paid yet, so a buyer who comes back to the checkout
 * (Back from the order page, the link again) is told 'Você já tem um pedido aguardando pagamento' with the way to
 * it, instead of an empty form that leads to a second order. Kept in this browser only, for a week; the order
 * page's own answer decides whether it still waits (paid or cancelled: forgotten).
 */
const KEY = (storeId: string, productId: string) => `ck-pending:${storeId}:${productId}`
const KEEP_MS = 7 * 24 * 3600_000

interface Remembered {
  url: string
  at: number
}

export function rememberPendingOrder(storeId: string, productId: string, orderPageUrl: string) {
  try {
    localStorage.setItem(KEY(storeId, productId), JSON.stringify({ url: orderPageUrl, at: Date.now() }))
  } catch {
    // Private mode or full storage: the hint is a convenience.
  }
}

function read(storeId: string, productId: string): Remembered | undefined {
  try {
    const raw = localStorage.getItem(KEY(storeId, productId))
    const value = raw ? (JSON.parse(raw) as Remembered) : undefined
    if (value && typeof value.url === 'string' && Date.now() - value.at < KEEP_MS) return value
    if (raw) localStorage.removeItem(KEY(storeId, productId))
  } catch {}
  return undefined
}

function forget(storeId: string, productId: string) {
  try {
    localStorage.removeItem(KEY(storeId, productId))
  } catch {}
}

/** The order page of this product's order still awaiting payment in this browser, if any. */
export function usePendingOrder(storeId: string, productId: string): string | undefined {
  const remembered = typeof window === 'undefined' ? undefined : read(storeId, productId)
  const url = remembered ? new URL(remembered.url, window.location.origin) : undefined
  const orderId = url?.pathname.split('/').pop() ?? ''
  const token = url?.searchParams.get('t') ?? ''
  const page = useQuery({
    queryKey: ['checkout', 'pending-order', orderId, token],
    queryFn: () => getOrderPage(orderId, token),
    enabled: Boolean(orderId && token),
    retry: 0,
    staleTime: 30_000,
  })
  const status = page.data?.order.status
  const waiting =
    status !== undefined &&
    !(PAID_STATUSES as readonly string[]).includes(status) &&
    status !== 'CANCELLED' &&
    status !== 'REFUNDED'
  const gone = page.isError || (status !== undefined && !waiting)
  useEffect(() => {
    if (gone) forget(storeId, productId)
  }, [gone, storeId, productId])
  return waiting && url ? `${url.pathname}${url.search}` : undefined
}
