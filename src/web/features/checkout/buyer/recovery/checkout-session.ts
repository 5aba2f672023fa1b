/**
 * Recovery (issue 26), the page's side: one checkout session per product visit (a random id in sessionStorage),
 * reported to the server once the e-mail or phone is valid and at each step; a recovery link (?recuperar=) is
 * exchanged for the session's step and fields, which are written where the form reads them before the flow mounts.
 */
import { isValidPhone } from '../../../../../shared/br'
import { isValidEmail } from '../../../../../shared/ordering-rules'
import type { SessionReport } from '../../../../../shared/recovery'
import { api } from '../../../../lib/api'
import { readTrackingParams } from '../tracking-params'

export const idKey = (storeId: string, productId: string) => `checkout-session:${storeId}:${productId}`
const consentKey = (storeId: string, productId: string) => `checkout-consent:${storeId}:${productId}`
export const restoreKey = (storeId: string, productId: string) => `checkout-restore:${storeId}:${productId}`

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key)
  } catch {
    return null
  }
}
export function write(key: string, value: string) {
  try {
    sessionStorage.setItem(key, value)
  } catch {
    // Private mode: the session lives as long as the page.
  }
}

export function sessionIdFor(storeId: string, productId: string): string {
  const existing = read(idKey(storeId, productId))
  if (existing) return existing
  const id = crypto.randomUUID()
  write(idKey(storeId, productId), id)
  return id
}

/** After the order: a later visit is a new session. */
export function forgetSession(storeId: string, productId: string) {
  try {
    sessionStorage.removeItem(idKey(storeId, productId))
    sessionStorage.removeItem(consentKey(storeId, productId))
    sessionStorage.removeItem(restoreKey(storeId, productId))
  } catch {
    // see write
  }
}

export const savedConsent = (storeId: string, productId: string) => read(consentKey(storeId, productId)) === '1'
export const saveConsent = (storeId: string, productId: string, on: boolean) =>
  write(consentKey(storeId, productId), on ? '1' : '0')

export const hasContact = (email: string, phone: string) => isValidEmail(email.trim()) || isValidPhone(phone)

/** Best effort: a report that fails (offline, rate-limited) never stands in the buyer's way. */
export function reportSession(report: Omit<SessionReport, 'tracking'>) {
  api
    .post('/checkout/sessions', { ...report, tracking: readTrackingParams() }, { auth: false, timeoutMs: 10_000 })
    .catch(() => undefined)
}

/** What a recovery link brought besides the form: the bumps to add again once offered, and the coupon to apply. */
export interface RestoredExtras {
  bumpIds: string[]
  coupon: string
}

/** The link's bumps and coupon, read by the flow when it mounts. */
export function readRestoredExtras(storeId: string, productId: string): RestoredExtras {
  const raw = read(restoreKey(storeId, productId))
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<RestoredExtras>) : {}
    return {
      bumpIds: Array.isArray(parsed.bumpIds) ? parsed.bumpIds.filter((id) => typeof id === 'string') : [],
      coupon: typeof parsed.coupon === 'string' ? parsed.coupon : '',
    }
  } catch {
    return { bumpIds: [], coupon: '' }
  }
}

/** Once the flow holds them: a later reload starts from what is on screen, not from the link again. */
export function clearRestoredExtras(storeId: string, productId: string) {
  try {
    sessionStorage.removeItem(restoreKey(storeId, productId))
  } catch {
    // see write
  }
}

export const recoveryTokenOf = (search: string) => new URLSearchParams(search).get('recuperar')
