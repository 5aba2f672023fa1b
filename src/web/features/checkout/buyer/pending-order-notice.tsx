import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { PAID_STATUSES } from '../../../../shared/ordering-rules'
import { getOrderPage } from './api/get-order-page'
import { HourglassIcon } from './components/state-icons'
import { BuyerLink } from './nav/buyer-nav'
import { forgetPendingOrder, pendingOrderUrl } from './pending-order'

/** The order page of this product's order still awaiting payment in this browser, if any. */
function usePendingOrder(storeId: string, productId: string): string | undefined {
  const url = pendingOrderUrl(storeId, productId)
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
    if (gone) forgetPendingOrder(storeId, productId)
  }, [gone, storeId, productId])
  return waiting && url ? `${url.pathname}${url.search}` : undefined
}

/**
 * 'Você já tem um pedido aguardando pagamento' when this browser placed one for this product (pending-order.ts):
 * its own chunk, loaded only by a browser that remembers such an order.
 */
export default function PendingOrderNotice({ storeId, productId }: { storeId: string; productId: string }) {
  const url = usePendingOrder(storeId, productId)
  if (!url) return null
  return (
    <p className="ck-card ck-pending-order" role="status" data-testid="pending-order">
      <HourglassIcon size={18} /> <span>Você já tem um pedido aguardando pagamento.</span>{' '}
      <BuyerLink to={url}>Ver pedido e pagar</BuyerLink>
    </p>
  )
}
