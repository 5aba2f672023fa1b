import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
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
 * instead of one after the other. Their stylesheets come inside the page (a phone on a slow network paints the drawn
 * page without waiting for two more round trips), and their HTML compressed.
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
  const buyerFile = existsSync(path.join(webDist, 'checkout.html')) ? 'checkout.html' : 'index.html'
  const pageHints = buyerPageHints(webDist)
  const buyerHtml = inlineEntryStyles(webDist, readFileSync(path.join(webDist, buyerFile), 'utf8'), buyerFile)
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
      ...(pageHints[page]?.tags ?? []),
      ...(checkout && !drawn ? checkoutDataHints(checkout[2], checkout[3]) : []),
    ]
    // Replacer functions: a '$&' or "$'" in a product name must stay text, not become a replacement pattern.
    // The page chunk's own styles after the entry's, as the loader would have linked them.
    const style = pageHints[page]?.style ?? ''
    let html = buyerHtml.replace('</head>', () => `    ${style}${hints.join('\n    ')}\n  </head>`)
    if (drawn) {
      // The page's description goes where crawlers and link previews read it, the head, as React puts it when it
      // renders a whole document (and where it finds it again when it hydrates).
      const description = /^(?:<(?:meta|title)[^>]*>(?:[^<]*<\/title>)?)*?(<meta name="description"[^>]*\/?>)/.exec(
        drawn.html,
      )?.[1]
      const body = description ? drawn.html.replace(description, '') : drawn.html
      html = codeAfterThePaint(html)
        .replace('</head>', () => `  ${description ?? ''}\n  </head>`)
        .replace(
          '<div id="root"></div>',
          () =>
            `<div id="root" style="pointer-events:none">${body}</div>\n    <script type="application/json" id="checkout-reads">${drawn.reads}</script>`,
        )
    }
    return sendCompressed(reply, html)
  }
}

/**
 * A page drawn by the server needs its code only to become interactive, not to be seen: its script and preload tags
 * become a list that /checkout-boot.js (src/web/public) asks for after the drawn page's first paint, so on a slow
 * phone network the code never shares the bandwidth with the page the buyer is looking at.
 */
function codeAfterThePaint(html: string) {
  const code: { entry?: string; modules: string[]; styles: string[] } = { modules: [], styles: [] }
  const rest = html.replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>|<link rel="modulepreload" crossorigin href="([^"]+)">|<link rel="preload" as="style" crossorigin href="([^"]+)">/g,
    (_tag, entry?: string, module?: string, style?: string) => {
      if (entry) code.entry = entry
      if (module) code.modules.push(module)
      if (style) code.styles.push(style)
      return ''
    },
  )
  if (!code.entry) return html
  const list = JSON.stringify(code).replaceAll('<', '\\u003c')
  return rest.replace(
    '</head>',
    () =>
      `  <script type="application/json" id="checkout-code">${list}</script>\n    <script src="/checkout-boot.js" defer></script>\n  </head>`,
  )
}

/**
 * The HTML of a buyer page, brotli or gzip as the browser accepts: it carries the drawn page, its reads and its
 * styles, and a phone on a slow network pays for every byte of it. Fast levels: it is compressed per request.
 */
function sendCompressed(reply: FastifyReply, html: string) {
  const accepts = String(reply.request.headers['accept-encoding'] ?? '')
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding')
  if (/\bbr\b/.test(accepts))
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }))
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }))
  return reply.send(html)
}

/** The build's CSS file `href` (/assets/x.css) as a <style> element (its link when the file is not there). */
function styleOf(webDist: string, href: string): string {
  const file = path.join(webDist, href.replace(/^\//, ''))
  if (!existsSync(file)) return `<link rel="stylesheet" crossorigin href="${href}">`
  const css = readFileSync(file, 'utf8')
  // A stylesheet cannot close the element: '</style' would only appear inside a string or a comment.
  return `<style data-href="${href}">${css.replaceAll('</style', '<\\/style')}</style>`
}

/**
 * The buyer entry's own stylesheet inside the page instead of linked (the page chunk's joins it, see
 * buyerPageHints): each would otherwise block the first paint of a drawn page for a round trip.
 */
function inlineEntryStyles(webDist: string, html: string, file: string): string {
  if (file !== 'checkout.html') return html
  return html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (_tag, href: string) =>
    styleOf(webDist, href),
  )
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

/**
 * modulepreload tags for each buyer page chunk and everything it imports, from Vite's manifest, and its stylesheet
 * inline (`style`) with a preload of the same file: Vite's loader still fetches the file before it runs the chunk,
 * and finds it in the cache.
 */
function buyerPageHints(webDist: string): Partial<Record<BuyerPage, { tags: string[]; style: string }>> {
  // The buyer entry is a build of its own with its own manifest (vite.config.ts); an older build has one for both.
  const own = path.join(webDist, '.vite', 'manifest-checkout.json')
  const file = existsSync(own) ? own : path.join(webDist, '.vite', 'manifest.json')
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
  const hints: Partial<Record<BuyerPage, { tags: string[]; style: string }>> = {}
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
    hints[page] = {
      tags: [
        ...[...js].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
        // crossorigin like the stylesheet link Vite's loader adds, so that one is answered from this download.
        ...[...css].map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
      ],
      style: [...css].map((f) => styleOf(webDist, `/${f}`)).join(''),
    }
  }
  return hints
}
