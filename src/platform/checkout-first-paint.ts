import type { FastifyInstance, FastifyRequest } from 'fastify'

/** The JSON answers of a checkout page's three first reads; the product's kind says which checkout draws it. */
export interface FirstPaintReads {
  product: { type: string }
  customization: unknown
  methods: unknown
}

/** The checkout pages' server render (src/web/checkout-server.tsx, built beside the SPA), handed in by app.ts. */
export type CheckoutRender = (
  url: string,
  storeId: string,
  productId: string,
  reads: FirstPaintReads,
) => Promise<string>

/**
 * A checkout page drawn on the server from the three public reads its browser code starts with, so a buyer on a slow
 * phone sees the real page (store header, product, price, first step) before the JavaScript has arrived; the
 * browser then hydrates the same DOM from the same answers (src/web/checkout-main.tsx). The reads go through the
 * public API itself (app.inject): the page shows exactly what any visitor may read at that URL, by the API's own
 * rules (a product of another store, or none, answers 404 and the buyer gets the plain page).
 */
export function firstPaintOf(app: FastifyInstance, renderCheckout: CheckoutRender) {
  async function read(request: FastifyRequest, url: string): Promise<unknown> {
    // The buyer's own address, so these reads count against the buyer's public-read limit as the browser's would.
    const res = await app.inject({ method: 'GET', url, remoteAddress: request.ip })
    return res.statusCode === 200 ? res.json() : undefined
  }

  /** The page's HTML inside #root and its reads as JSON, or undefined when the page cannot be drawn as it is. */
  return async function firstPaint(
    request: FastifyRequest,
    kind: 'PHYSICAL' | 'DIGITAL',
    storeId: string,
    productId: string,
  ): Promise<{ html: string; reads: string } | undefined> {
    // A later step depends on what this browser saved (sessionStorage): the browser draws it.
    if (new URL(request.url, 'http://x').searchParams.has('etapa')) return undefined
    try {
      const [product, customization, methods] = await Promise.all([
        read(request, `/api/stores/${storeId}/products/${productId}`),
        read(request, `/api/public/stores/${storeId}/customization`),
        read(request, `/api/payment/ativo-pay/payment-methods-public?storeId=${storeId}`),
      ])
      if (!product || !customization || !methods) return undefined
      const reads = { product, customization, methods } as FirstPaintReads
      // A product of the other kind: the browser sends the buyer to the right checkout.
      if (reads.product.type !== kind) return undefined
      return {
        html: await renderCheckout(request.url, storeId, productId, reads),
        // A data block (never run, so the CSP allows it); '<' escaped so no text in it can close the element.
        reads: JSON.stringify(reads).replaceAll('<', '\\u003c'),
      }
    } catch (err) {
      // The buyer still gets the page, drawn by the browser.
      request.log.error({ err }, 'checkout first paint failed')
      return undefined
    }
  }
}
