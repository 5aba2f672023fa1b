// The JavaScript a buyer downloads to open a checkout page, from the production build: the buyer entry
// (checkout.html's script and its static imports), the page's chunk and everything it imports statically; lazy
// chunks (bumps, reviews, the PIX screen) only in the second figure. gzip level 9, as the server's .gz twins.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export interface PageJs {
  page: string
  /** gzip bytes to open the page. */
  open: number
  /** gzip bytes with the lazy chunks the page and its confirmation may load. */
  withLazy: number
  entry: number
  files: { file: string; size: number; kind: 'entry' | 'page' | 'lazy' }[]
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

export function checkoutJs(dist: string): PageJs[] | undefined {
  if (!existsSync(path.join(dist, 'index.html'))) return undefined
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, 'assets', file)), { level: 9 }).length
  /** A chunk's static imports (`from"./x.js"`, `import"./x.js"`) and its dynamic ones (`import(`./x.js`)`). */
  const importsOf = (file: string) => {
    const code = readFileSync(path.join(dist, 'assets', file), 'utf8')
    const names = (re: RegExp) => [...code.matchAll(re)].map((m) => m[1])
    return {
      static: names(/(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g),
      dynamic: names(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g),
    }
  }
  const closure = (roots: string[], followDynamic: (file: string) => boolean) => {
    const seen = new Set<string>()
    const visit = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      const { static: deps, dynamic } = importsOf(file)
      for (const d of deps) visit(d)
      if (followDynamic(file)) for (const d of dynamic) visit(d)
    }
    for (const r of roots) visit(r)
    return seen
  }
  // The buyer pages' own entry when the build has it (src/platform/spa.ts serves it for them).
  const html = readFileSync(
    path.join(dist, existsSync(path.join(dist, 'checkout.html')) ? 'checkout.html' : 'index.html'),
    'utf8',
  )
  const entryFiles = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1])
  const entry = closure(entryFiles, () => false)
  const assets = readdirSync(path.join(dist, 'assets'))
  const sum = (list: Iterable<string>) => [...list].reduce((s, f) => s + gz(f), 0)
  const pages: PageJs[] = []
  // The buyer entry's own build names its page chunks in its manifest (the merchant app has chunks of the same name).
  const buyerManifest = path.join(dist, '.vite', 'manifest-checkout.json')
  const manifest = existsSync(buyerManifest)
    ? (JSON.parse(readFileSync(buyerManifest, 'utf8')) as Record<string, { file: string }>)
    : undefined
  for (const page of ['physical-checkout-page', 'digital-checkout-page']) {
    const chunk = manifest
      ? manifest[`features/checkout/buyer/${page}.tsx`]?.file.replace(/^assets\//, '')
      : assets.find((f) => f.startsWith(`${page}-`) && f.endsWith('.js'))
    if (!chunk) continue
    const open = closure([...entry, chunk], () => false)
    const all = closure([...entry, chunk], (f) => !entry.has(f))
    pages.push({
      page,
      open: sum(open),
      withLazy: sum(all),
      entry: sum(entry),
      files: [...all]
        .map((file) => ({
          file,
          size: gz(file),
          kind: entry.has(file) ? ('entry' as const) : open.has(file) ? ('page' as const) : ('lazy' as const),
        }))
        .sort((a, b) => b.size - a.size),
    })
  }
  return pages
}
