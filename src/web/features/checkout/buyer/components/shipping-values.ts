import type { ShippingFields } from '../../../../../shared/ordering-rules'

/** The delivery step's fields as typed (kept apart from the step, so the page opens without the step's code). */
export type ShippingValues = Record<keyof ShippingFields, string>
export const EMPTY_SHIPPING: ShippingValues = {
  zipCode: '',
  address: '',
  number: '',
  complement: '',
  neighborhood: '',
  city: '',
  state: '',
  method: '',
}
