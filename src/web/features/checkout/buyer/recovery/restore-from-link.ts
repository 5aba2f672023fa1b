/**
 * A recovery link's restore, in its own chunk: only a buyer who arrives through one (`?recuperar=`) downloads it.
 */
import { isValidCep, onlyDigits } from '../../../../../shared/br'
import type { ShippingQuoteDto } from '../../../../../shared/checkout'
import type { RestoredSession } from '../../../../../shared/recovery'
import { api } from '../../../../lib/api'
import { calculateShipping } from '../api/calculate-shipping'
import { idKey, type RestoredExtras, restoreKey, write } from './checkout-session'

/**
 * Exchanges a recovery link for its session: the session id and the form's fields go to sessionStorage (the keys the
 * flow reads), with the delivery option the address had (quoted again by the server for its CEP, so the page can open
 * on the payment step with today's shipping price). Answers the step the buyer had reached, or 1 for a link that is
 * forged, expired or of another store (the plain checkout). The caller takes the token out of the address bar.
 */
export async function restoreFromLink(storeId: string, token: string): Promise<number> {
  let restored: RestoredSession | undefined
  try {
    restored = await api.get<RestoredSession>(
      `/checkout/recovery/${encodeURIComponent(storeId)}?token=${encodeURIComponent(token)}`,
      { auth: false, timeoutMs: 10_000 },
    )
  } catch {
    restored = undefined
  }
  if (!restored) return 1
  const { customer, shipping, orderBumps, coupon } = restored.fields
  write(idKey(storeId, restored.productId), restored.sessionId)
  const extras: RestoredExtras = { bumpIds: orderBumps ?? [], coupon: coupon ?? '' }
  write(restoreKey(storeId, restored.productId), JSON.stringify(extras))
  const option = shipping ? await shippingOption(storeId, restored.productId, shipping) : undefined
  write(
    `checkout-form:${storeId}:${restored.productId}`,
    JSON.stringify({
      // Never the CPF: the payment step asks for it (cpf-confirm.tsx).
      customer: { name: customer.name ?? '', email: customer.email ?? '', phone: customer.phone ?? '', cpf: '' },
      ...(shipping
        ? {
            shipping: {
              zipCode: shipping.zipCode ?? '',
              address: shipping.address ?? '',
              number: shipping.number ?? '',
              complement: shipping.complement ?? '',
              neighborhood: shipping.neighborhood ?? '',
              city: shipping.city ?? '',
              state: shipping.state ?? '',
              method: option ? (shipping.method ?? '') : '',
            },
            ...(option ? { option } : {}),
          }
        : {}),
    }),
  )
  return restored.step
}

/** The option the session had chosen, as the server quotes it today for that CEP (undefined: choose again). */
async function shippingOption(
  storeId: string,
  productId: string,
  shipping: NonNullable<RestoredSession['fields']['shipping']>,
): Promise<ShippingQuoteDto | undefined> {
  const cep = onlyDigits(shipping.zipCode ?? '')
  if (!shipping.method || !isValidCep(cep)) return undefined
  try {
    // The server prices the item from its catalog; the price sent is informative only.
    const answer = await calculateShipping(storeId, cep, { productId, price: 0 })
    return answer.options.find((o) => o.id === shipping.method)
  } catch {
    return undefined
  }
}
