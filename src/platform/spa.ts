import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'

interface ManifestChunk {
  file: string
  imports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestChunk>

/** The lazy page modules of the buyer checkouts, as Vite's manifest names them (relative to src/web). */
const CHECKOUT_PAGES = {
  checkout: 'features/checkout/buyer/physical-checkout-page.tsx',
  'digital-checkout': 'features/checkout/buyer/digital-checkout-page.tsx',
} as const

const CHECKOUT_URL = /^\/(checkout|digital-checkout)\/([A-Za-z0-9_-]{1,64})\/([A-Za-z0-9_-]{1,64})\/?$/

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated; brotli/gzip twins written at
 * build time (vite.config.ts) are sent to browsers that accept them, with content-encoding and vary.
 * Client routes fall back to index.html; a checkout page's HTML also announces its page chunk and first API reads,
 * so the browser fetches code and data in parallel instead of entry → chunk → data one after the other.
 */
export async function registerSpa(app: FastifyInstance, webDist: string) {
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
  const indexHtml = readFileSync(path.join(webDist, 'index.html'), 'utf8')
  const pageHints = checkoutPageHints(webDist)

  /** Answers a client route with the SPA's HTML (GET, no extension, not an API path). */
  return function sendIndex(url: string, reply: FastifyReply) {
    reply.header('cache-control', 'no-cache')
    const m = CHECKOUT_URL.exec(url)
    if (!m) return reply.sendFile('index.html')
    const [, page, storeId, productId] = m
    const hints = [
      ...(pageHints[page as keyof typeof CHECKOUT_PAGES] ?? []),
      ...checkoutDataHints(storeId, productId),
    ].join('\n    ')
    return reply.type('text/html; charset=utf-8').send(indexHtml.replace('</head>', `    ${hints}\n  </head>`))
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

/** modulepreload/preload tags for each checkout page chunk and everything it imports, from Vite's manifest. */
function checkoutPageHints(webDist: string): Record<string, string[]> {
  const file = path.join(webDist, '.vite', 'manifest.json')
  if (!existsSync(file)) return {}
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest
  const hints: Record<string, string[]> = {}
  for (const [page, key] of Object.entries(CHECKOUT_PAGES)) {
    if (!manifest[key]) continue
    const js = new Set<string>()
    const css = new Set<string>()
    const visit = (k: string) => {
      const chunk = manifest[k]
      // The entry and its static imports are already in the page's own <script> and modulepreload tags.
      if (!chunk || k === 'index.html' || js.has(chunk.file)) return
      js.add(chunk.file)
      for (const c of chunk.css ?? []) css.add(c)
      for (const i of chunk.imports ?? []) visit(i)
    }
    visit(key)
    hints[page] = [
      ...[...js].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
      ...[...css].map((f) => `<link rel="preload" as="style" href="/${f}">`),
    ]
  }
  return hints
}
