import type { AddressValidationAnswer, AddressValidationInput } from '../../../../../shared/checkout'
import { api } from '../../../../lib/api'

export function validateAddress(input: AddressValidationInput): Promise<AddressValidationAnswer> {
  return api.post<AddressValidationAnswer>('/checkout/validate-address', input, { auth: false })
}
