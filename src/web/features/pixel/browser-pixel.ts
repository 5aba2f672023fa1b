/**
 * The Facebook Pixel in the buyer's browser: Meta's standard loader written as our own code (the page's CSP allows
 * no inline script, only 'self' and connect.facebook.net), `init` once per pixel id, PageView once per page load,
 * then each checkout event with its eventID. Loaded by the checkout's tracking seam only for a store whose pixel is
 * active, so a store without a pixel ships none of this.
 */
import type { PublicPixelConfig } from '../../../shared/pixel'

export const FBEVENTS_URL = 'https://connect.facebook.net/en_US/fbevents.js'

type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void
  queue: unknown[][]
  push: Fbq
  loaded: boolean
  version: string
}

declare global {
  interface Window {
    fbq?: Fbq
    _fbq?: Fbq
  }
}

/** Meta's loader: a queueing fbq until fbevents.js arrives and replays the queue. */
function installLoader(): Fbq {
  if (window.fbq) return window.fbq
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args)
    else fbq.queue.push(args)
  }) as Fbq
  fbq.push = fbq
  fbq.loaded = true
  fbq.version = '2.0'
  fbq.queue = []
  window.fbq = fbq
  if (!window._fbq) window._fbq = fbq
  const script = document.createElement('script')
  script.async = true
  script.src = FBEVENTS_URL
  document.head.appendChild(script)
  return fbq
}

const initialised = new Set<string>()
/** One id per page load: PageView and AddToCart of this load share it in their eventIDs. */
export const pageLoadId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`

/** Loads the pixel for this id (once) and sends PageView (once per page load) when its toggle is on. */
export function ensurePixel(config: PublicPixelConfig): Fbq {
  const fbq = installLoader()
  if (!initialised.has(config.pixelId)) {
    initialised.add(config.pixelId)
    fbq('init', config.pixelId)
    if (config.trackPageView) fbq('track', 'PageView', {}, { eventID: `pageview.${pageLoadId}` })
  }
  return fbq
}

export function trackPixelEvent(
  config: PublicPixelConfig,
  event: string,
  params: Record<string, unknown>,
  eventID: string,
): void {
  ensurePixel(config)('trackSingle', config.pixelId, event, params, { eventID })
}

export function cookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`))
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined
}
