import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { type CheckoutRender, firstPaintOf } from './checkout-first-paint'

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestChunk>

/** The lazy page modules of the buyer pages, as Vite's manifest names them (relative to src/web). */
const BUYER_PAGES = {
  checkout: 'features/checkout/buyer/physical-checkout-page.tsx',
  'digital-checkout': 'features/checkout/buyer/digital-checkout-page.tsx',
  pedido: 'features/checkout/buyer/order-page.tsx',
} as const
type BuyerPage = keyof typeof BUYER_PAGES

const ID = '([A-Za-z0-9_-]{1,64})'
const CHECKOUT_URL = new RegExp(`^/(checkout|digital-checkout)/${ID}/${ID}/?$`)
const ORDER_URL = new RegExp(`^/pedido/${ID}/?$`)

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated; brotli/gzip twins written at
 * build time (vite.config.ts) are sent to browsers that accept them, with content-encoding and vary.
 * Client routes fall back to index.html. The buyer pages get their own entry (checkout.html) with their page chunk
 * announced; a checkout page comes drawn by the server when it can be (./checkout-first-paint.ts, with the build's
 * `renderCheckout`), otherwise it announces its first API reads, so the browser fetches code and data in parallel
 * instead of one after the other.
 */
export async function registerSpa(app: FastifyInstance, webDist: string, renderCheckout?: CheckoutRender) {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Otherwise send's own 'public, max-age=0' overrides what setHeaders says below.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      // The same URL answers brotli, gzip or plain by Accept-Encoding: caches must key on it.
      res.setHeader('vary', 'accept-encoding')
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable')
      else res.setHeader('cache-control', 'no-cache')
    },
  })
  // The buyer pages' own lighter entry (vite.config.ts); a build without it serves them from the merchant app.
  const buyerHtml = readFileSync(
    path.join(webDist, existsSync(path.join(webDist, 'checkout.html')) ? 'checkout.html' : 'index.html'),
    'utf8',
  )
  const pageHints = buyerPageHints(webDist)
  const firstPaint = renderCheckout && firstPaintOf(app, renderCheckout)

  /** Answers a client route with the SPA's HTML (GET, no extension, not an API path). */
  return async function sendIndex(url: string, reply: FastifyReply) {
    reply.header('cache-control', 'no-cache')
    const checkout = CHECKOUT_URL.exec(url)
    const order = checkout ? undefined : ORDER_URL.exec(url)
    if (!checkout && !order) return reply.sendFile('index.html')
    const page: BuyerPage = checkout ? (checkout[1] as BuyerPage) : 'pedido'
    const drawn =
      checkout && firstPaint
        ? await firstPaint(reply.request, page === 'checkout' ? 'PHYSICAL' : 'DIGITAL', checkout[2], checkout[3])
        : undefined
    // Drawn pages carry their reads; the others announce them so they download beside the code.
    const hints = [
      ...(pageHints[page] ?? []),
      ...(checkout && !drawn ? checkoutDataHints(checkout[2], checkout[3]) : []),
    ]
    // Replacer functions: a '$&' or "$'" in a product name must stay text, not become a replacement pattern.
    let html = buyerHtml.replace('</head>', () => `    ${hints.join('\n    ')}\n  </head>`)
    if (drawn)
      html = html.replace(
        '<div id="root"></div>',
        () =>
          `<div id="root" style="pointer-events:none">${drawn.html}</div>\n    <script type="application/json" id="checkout-reads">${drawn.reads}</script>`,
      )
    return reply.type('text/html; charset=utf-8').send(html)
  }
}

/**
 * The same URLs the checkout's first queries fetch (src/web/features/checkout/buyer/api/get-product.ts,
 * get-customization.ts, get-payment-methods.ts): a preload only helps when the URL matches exactly. `crossorigin`
 * makes the preload's credentials mode 'same-origin', that of a plain fetch(), so the browser reuses the answer.
 */
export function checkoutDataHints(storeId: string, productId: string): string[] {
  const urls = [
    `/api/stores/${storeId}/products/${productId}`,
    `/api/public/stores/${storeId}/customization`,
    `/api/payment/ativo-pay/payment-methods-public?storeId=${storeId}`,
  ]
  return urls.map((u) => `<link rel="preload" as="fetch" crossorigin href="${u.replaceAll('&', '&amp;')}">`)
}

/** modulepreload/preload tags for each buyer page chunk and everything it imports, from Vite's manifest. */
function buyerPageHints(webDist: string): Partial<Record<BuyerPage, string[]>> {
  const file = path.join(webDist, '.vite', 'manifest.json')
  if (!existsSync(file)) return {}
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest
  const entryFiles = new Set<string>()
  const walkEntry = (k: string) => {
    const chunk = manifest[k]
    if (!chunk || entryFiles.has(chunk.file)) return
    entryFiles.add(chunk.file)
    for (const i of chunk.imports ?? []) walkEntry(i)
  }
  walkEntry(manifest['checkout.html'] ? 'checkout.html' : 'index.html')
  const hints: Partial<Record<BuyerPage, string[]>> = {}
  for (const [page, key] of Object.entries(BUYER_PAGES) as [BuyerPage, string][]) {
    if (!manifest[key]) continue
    const js = new Set<string>()
    const css = new Set<string>()
    const visit = (k: string) => {
      const chunk = manifest[k]
      // An entry and its static imports are already in the page's own <script> and modulepreload tags.
      if (!chunk || chunk.isEntry || entryFiles.has(chunk.file) || js.has(chunk.file)) return
      js.add(chunk.file)
      for (const c of chunk.css ?? []) css.add(c)
      for (const i of chunk.imports ?? []) visit(i)
    }
    visit(key)
    hints[page] = [
      ...[...js].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
      // A stylesheet, so the server-drawn page paints styled; crossorigin like the one Vite's loader would add,
      // which then finds it in place instead of fetching it again.
      ...[...css].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ]
  }
  return hints
}
