/**
 * Attribution captured at checkout and kept with the order: the ad's UTM parameters and UTMify's `src`/`sck`
 * (from the checkout URL), and Meta's browser ids (`_fbp`/`_fbc` cookies, `fbclid`). Dependency-free apart from zod,
 * so the buyer pages and the server read them the same way.
 */
import { z } from 'zod'

export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'src', 'sck'] as const
export const CLICK_IDS = ['fbp', 'fbc', 'fbclid'] as const
export type TrackingKey = (typeof UTM_PARAMS)[number] | (typeof CLICK_IDS)[number]

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

const utmField = z.unknown().transform((v) => cleanTrackingValue(v, TRACKING_MAX.utm))
const clickIdField = z.unknown().transform((v) => cleanTrackingValue(v, TRACKING_MAX.clickId))

/** The `tracking` object of both create-order payloads; unknown keys are dropped, bad values become absent. */
export const trackingSchema = z
  .object({
    utm_source: utmField,
    utm_medium: utmField,
    utm_campaign: utmField,
    utm_content: utmField,
    utm_term: utmField,
    src: utmField,
    sck: utmField,
    fbp: clickIdField,
    fbc: clickIdField,
    fbclid: clickIdField,
  })
  .partial()
  .describe(
    'Attribution captured by the checkout page: utm_source, utm_medium, utm_campaign, utm_content, utm_term, src, sck ' +
      '(from its URL) and fbp, fbc, fbclid (Meta). Values are trimmed, cleaned of control characters and cut to 250 ' +
      '(UTM) / 500 (Meta ids) characters.',
  )

export type TrackingParams = Partial<Record<TrackingKey, string>>

/** Only the keys that carry a value (what is stored on the order). */
export function compactTracking(input: z.output<typeof trackingSchema> | undefined): TrackingParams {
  const out: TrackingParams = {}
  for (const [key, value] of Object.entries(input ?? {})) if (value) out[key as TrackingKey] = value
  return out
}
