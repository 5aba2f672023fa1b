/**
 * The ad attribution a buyer arrives with (UTM parameters, UTMify's src/sck, Meta's fbclid) read from the checkout
 * URL on the first load and kept in sessionStorage, so it survives the steps, a reload and a return from the bank app;
 * Meta's `_fbp`/`_fbc` cookies are read when the order is sent. The server cleans and bounds every value again.
 */
import {
  AFFILIATE_VISITOR_COOKIE,
  cleanTrackingValue,
  TRACKING_MAX,
  type TrackingParams,
  UTM_PARAMS,
} from '../../../../shared/tracking-rules'

const STORAGE_KEY = 'checkout-tracking'

function stored(): TrackingParams {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as TrackingParams
  } catch {
    return {}
  }
}

/** Keeps what the current URL carries; a new ad click (new parameters) replaces the older attribution. */
export function captureTrackingParams(search: string = window.location.search): void {
  const params = new URLSearchParams(search)
  const found: TrackingParams = {}
  for (const key of UTM_PARAMS) {
    const value = cleanTrackingValue(params.get(key), TRACKING_MAX.utm)
    if (value) found[key] = value
  }
  const fbclid = cleanTrackingValue(params.get('fbclid'), TRACKING_MAX.clickId)
  if (fbclid) found.fbclid = fbclid
  if (Object.keys(found).length === 0) return
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...found, ...(fbclid ? { fbclidAt: Date.now() } : {}) }))
  } catch {
    // Private mode or a full storage: attribution is a nice-to-have, never a reason to fail the checkout.
  }
}

function cookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`))
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined
}

/** What goes with the order: the kept parameters plus Meta's browser ids (built from fbclid when the cookie is absent). */
export function readTrackingParams(): TrackingParams {
  const { fbclidAt, ...kept } = stored() as TrackingParams & { fbclidAt?: number }
  const fbp = cookie('_fbp')
  // Meta's documented format for a click id the pixel did not store yet: fb.1.<ms timestamp>.<fbclid>.
  const fbc = cookie('_fbc') ?? (kept.fbclid ? `fb.1.${fbclidAt ?? Date.now()}.${kept.fbclid}` : undefined)
  // The affiliate link's visitor cookie: the server looks up that browser's clicks; it names nobody by itself.
  const aff = cookie(AFFILIATE_VISITOR_COOKIE)
  return { ...kept, ...(fbp ? { fbp } : {}), ...(fbc ? { fbc } : {}), ...(aff ? { aff } : {}) }
}
