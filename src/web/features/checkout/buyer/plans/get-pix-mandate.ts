import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, api } from '../../../../lib/api'

/** The server's answer (subscriptions/pix-automatic-checkout.ts): the Journey 3 QR that pays cycle 1 and authorises. */
export interface PixMandate {
  authorizationId: string
  gatewayId: string
  status: string
  qrcode: string | null
  qrExpiresAt: string | null
  firstAmountCents: number
  amountCents: number | null
}

/** Asking twice answers the same mandate, so a reload or a retry never opens a second one. */
export const pixMandateQuery = (orderId: string, token: string, planId: string) =>
  queryOptions({
    queryKey: ['checkout', 'pix-automatic', orderId, planId],
    queryFn: () =>
      api.post<PixMandate>(
        `/checkout/orders/${encodeURIComponent(orderId)}/pix-automatic`,
        { token, planId },
        { auth: false, timeoutMs: 45_000 },
      ),
    // The server's refusal (404, 409, 422) does not change by asking again; a network failure may.
    retry: (failures, err) => !(err instanceof ApiError) && failures < 1,
    staleTime: Number.POSITIVE_INFINITY,
  })

export function usePixMandate(orderId: string, token: string, planId: string) {
  return useQuery(pixMandateQuery(orderId, token, planId))
}
