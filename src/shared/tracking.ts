/** The `tracking` object of both create-order payloads (the rules themselves are in tracking-rules.ts). */
import { z } from 'zod'
import { cleanTrackingValue, TRACKING_MAX, type TrackingKey, type TrackingParams } from './tracking-rules'

export * from './tracking-rules'

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
    aff: z.unknown().transform((v) => cleanTrackingValue(v, 36)),
  })
  .partial()
  .describe(
    'Attribution captured by the checkout page: utm_source, utm_medium, utm_campaign, utm_content, utm_term, src, sck ' +
      '(from its URL) and fbp, fbc, fbclid (Meta). Values are trimmed, cleaned of control characters and cut to 250 ' +
      '(UTM) / 500 (Meta ids) characters. aff: the affiliate link visitor id (cookie aff_v); the server alone decides ' +
      'who is credited from the clicks it recorded.',
  )

/** Only the keys that carry a value (what is stored on the order). */
export function compactTracking(input: z.output<typeof trackingSchema> | undefined): TrackingParams {
  const out: TrackingParams = {}
  for (const [key, value] of Object.entries(input ?? {})) if (value) out[key as TrackingKey] = value
  return out
}
