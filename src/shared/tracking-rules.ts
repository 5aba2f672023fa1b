/**
 * Attribution captured at checkout and kept with the order: the ad's UTM parameters and UTMify's `src`/`sck`
 * (from the checkout URL), and Meta's browser ids (`_fbp`/`_fbc` cookies, `fbclid`). Dependency-free, so the buyer
 * pages read them without loading zod; the order payload's schema is in tracking.ts.
 */

export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'src', 'sck'] as const
export const CLICK_IDS = ['fbp', 'fbc', 'fbclid'] as const
/** The affiliate link's visitor id (the `aff_v` first-party cookie): names a browser's clicks, never an affiliate. */
export const AFFILIATE_KEY = 'aff' as const
export const AFFILIATE_VISITOR_COOKIE = 'aff_v'
export type TrackingKey = (typeof UTM_PARAMS)[number] | (typeof CLICK_IDS)[number] | typeof AFFILIATE_KEY
export type TrackingParams = Partial<Record<TrackingKey, string>>

/** Longer values are cut, not refused: a buyer must never fail to pay because an ad link was odd. */
export const TRACKING_MAX = { utm: 250, clickId: 500 } as const

// C0 controls and DEL: never stored (a NUL byte cannot even reach PostgreSQL text).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g

/** Trims, drops control characters and cuts to `max`; undefined for anything that is not a non-empty string. */
export function cleanTrackingValue(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined
  const clean = value.replace(CONTROL, '').trim().slice(0, max)
  return clean.length > 0 ? clean : undefined
}
