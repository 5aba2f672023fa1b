import { useMutation } from '@tanstack/react-query'
import { PAYMENT_MESSAGES } from '../../../../shared/payments'
import { ApiError, api } from '../../../lib/api'

export interface HealthAnswer {
  status: 'healthy'
  configured: boolean
  sandbox: boolean
}

/**
 * 'Testar Conexão' (5 s, spec 002 §7). A bad *gateway* key answers 401 with the code GATEWAY_KEY_INVALID, which the
 * client does not take for the end of the merchant's session (lib/api.ts). With `apiKey` (typed, not saved yet) the
 * server tests that key without storing it.
 */
export function checkHealth(storeId: string, apiKey?: string): Promise<HealthAnswer> {
  const opts = { timeoutMs: 5_000 } as const
  return apiKey
    ? api.post<HealthAnswer>('/payment/ativo-pay/health', { storeId, apiKey }, opts)
    : api.get<HealthAnswer>('/payment/ativo-pay/health', { ...opts, query: { storeId } })
}

export function useCheckHealth(storeId: string) {
  return useMutation({ mutationFn: (apiKey?: string) => checkHealth(storeId, apiKey) })
}

/** What a failed test says: the gateway refused the key (by its code), or it could not be reached. */
export function healthFailureMessage(err: unknown): string {
  return err instanceof ApiError && err.code === 'GATEWAY_KEY_INVALID'
    ? PAYMENT_MESSAGES.invalidKey
    : PAYMENT_MESSAGES.connectError
}
