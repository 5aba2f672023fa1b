import type { CepLookup } from '../../../../../shared/checkout'
import { api } from '../../../../lib/api'

export function lookupCep(cep: string): Promise<CepLookup> {
  return api.get<CepLookup>(`/checkout/cep/${encodeURIComponent(cep)}`, { auth: false })
}
