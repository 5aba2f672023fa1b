import { useMutation } from '@tanstack/react-query'
import { api, TOKEN_KEY } from '../../../lib/api'

export interface HealthAnswer {
  status: 'healthy'
  configured: boolean
  sandbox: boolean
}

/**
 * 'Testar Conexão' (5 s, spec 002 §7). The health call answers 401 for a bad *gateway* key, which must not log
 * the merchant out: the token is sent by hand and the client's 401-means-logout handling is off for this call.
 * With `apiKey` (typed, not saved yet) the server tests that key without storing it.
 */
export function checkHealth(storeId: string, apiKey?: string): Promise<HealthAnswer> {
  const token = localStorage.getItem(TOKEN_KEY)
  const opts = {
    auth: false,
    timeoutMs: 5_000,
    headers: token ? { authorization: `Bearer ${token}` } : undefined,
  } as const
  return apiKey
    ? api.post<HealthAnswer>('/payment/ativo-pay/health', { storeId, apiKey }, opts)
    : api.get<HealthAnswer>('/payment/ativo-pay/health', { ...opts, query: { storeId } })
}

export function useCheckHealth(storeId: string) {
  return useMutation({ mutationFn: (apiKey?: string) => checkHealth(storeId, apiKey) })
}
