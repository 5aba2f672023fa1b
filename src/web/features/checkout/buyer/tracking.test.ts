import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PublicPixelConfig } from '../../../../shared/pixel'
import { track } from './tracking'

const get = vi.hoisted(() => vi.fn())
const trackPixelEvent = vi.hoisted(() => vi.fn())
vi.mock('../../../lib/api', () => ({ api: { get } }))
vi.mock('../../pixel/browser-pixel', () => ({
  ensurePixel: vi.fn(),
  trackPixelEvent,
  cookie: () => undefined,
  pageLoadId: 'load1',
}))

const OFF: PublicPixelConfig = {
  pixelId: '987654321012345',
  active: true,
  trackPageView: true,
  trackAddToCart: false,
  trackInitiateCheckout: false,
  trackPurchase: false,
  trackLead: false,
  trackCompleteRegistration: false,
}

let store = 0
/** The seam reads the config once per store and page load: each case gets its own store. */
function storeWith(config: Partial<PublicPixelConfig>): string {
  store += 1
  const id = `store-${store}`
  get.mockImplementation(async (path: string) => {
    if (path !== `/public/stores/${id}/facebook-pixel`) throw new Error(`unexpected ${path}`)
    return { ...OFF, ...config }
  })
  return id
}

const product = (storeId: string) => ({
  storeId,
  productId: 'prod-1',
  productName: 'Curso',
  value: 197.9,
  currency: 'BRL' as const,
})

/**
 * `track` never waits (it must not hold up the checkout): let its config read and lazy import settle. One event at a
 * time: vitest can hand the real module (browser code) to the second of two concurrent imports of a mocked one.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20))
/** Waits for the n-th event itself (the import of the pixel code can take longer than `settle` on a busy machine). */
const sent = (n: number) => vi.waitFor(() => expect(trackPixelEvent).toHaveBeenCalledTimes(n), { timeout: 5_000 })

// The seam imports the pixel code lazily: transformed once here, so `settle` only waits for settled promises.
beforeAll(async () => {
  await import('./pixel-events')
})

beforeEach(() => {
  trackPixelEvent.mockClear()
  get.mockReset()
})

describe('Lead and CompleteRegistration through the tracking seam', () => {
  it('with their toggles on, each goes to the pixel with the product and price and its own event id', async () => {
    const storeId = storeWith({ trackLead: true, trackCompleteRegistration: true })
    track('Lead', product(storeId))
    await sent(1)
    track('CompleteRegistration', product(storeId))
    await sent(2)
    expect(trackPixelEvent.mock.calls.map((c) => [c[1], c[3]])).toEqual([
      ['Lead', 'lead.prod-1.load1'],
      ['CompleteRegistration', 'registration.prod-1.load1'],
    ])
    const params = trackPixelEvent.mock.calls[0][2] as Record<string, unknown>
    expect(params).toEqual({
      value: 197.9,
      currency: 'BRL',
      content_type: 'product',
      content_ids: ['prod-1'],
      contents: [{ id: 'prod-1', quantity: 1, item_price: 197.9 }],
      num_items: 1,
      content_name: 'Curso',
    })
  })

  it('each toggle is respected on its own', async () => {
    const leadOnly = storeWith({ trackLead: true })
    track('Lead', product(leadOnly))
    await sent(1)
    track('CompleteRegistration', product(leadOnly))
    await settle()
    const registrationOnly = storeWith({ trackCompleteRegistration: true })
    track('Lead', product(registrationOnly))
    await settle()
    track('CompleteRegistration', product(registrationOnly))
    await sent(2)
    expect(trackPixelEvent.mock.calls.map((c) => c[1])).toEqual(['Lead', 'CompleteRegistration'])
  })

  it('an inactive pixel, a pixel without id or a failed config read sends nothing', async () => {
    const inactive = storeWith({ active: false, trackLead: true, trackCompleteRegistration: true })
    track('Lead', product(inactive))
    await settle()
    const noId = storeWith({ pixelId: '', trackLead: true, trackCompleteRegistration: true })
    track('CompleteRegistration', product(noId))
    await settle()
    get.mockRejectedValue(new Error('offline'))
    track('Lead', product('store-offline'))
    await settle()
    expect(trackPixelEvent).not.toHaveBeenCalled()
  })
})
