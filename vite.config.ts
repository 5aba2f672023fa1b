import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build, defineConfig, type Plugin } from 'vite'

const API = 'http://localhost:3001'
const WEB = path.resolve(import.meta.dirname, 'src/web')
const OUT_DIR = process.env.WEB_DIST || path.resolve(import.meta.dirname, 'dist/web')
/** The buyer build's manifest, beside the merchant app's (.vite/manifest.json); src/platform/spa.ts reads both. */
const BUYER_MANIFEST = '.vite/manifest-checkout.json'

/**
 * Writes a .br and a .gz beside every text asset once, at build time, at the highest levels (too slow per request,
 * free here); the server sends them as they are (@fastify/static preCompressed) with content-encoding and vary.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress)
  const gz = promisify(gzip)
  const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/
  async function* files(dir: string): AsyncGenerator<string> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) yield* files(full)
      else yield full
    }
  }
  return {
    name: 'precompress',
    apply: 'build',
    // After the buyer build (buyerBuild) has written its files into the same folder.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        for await (const file of files(OUT_DIR)) {
          // .vite (the manifest) and .ssr (the server's render module) are read by the server, never sent.
          if (!COMPRESSIBLE.test(file) || /[\\/]\.(vite|ssr)[\\/]/.test(file)) continue
          if ((await stat(file)).size < 512) continue
          const body = await readFile(file)
          await writeFile(
            `${file}.br`,
            await brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
          )
          await writeFile(`${file}.gz`, await gz(body, { level: 9 }))
        }
      },
    },
  }
}

/**
 * The buyer pages' entry (checkout.html) as a build of its own, after the merchant app's, into the same folder with
 * its own manifest (src/platform/spa.ts reads it): built beside the merchant app, every module both use became a
 * shared chunk kept whole for the merchant's sake (all of ordering-rules.ts, br.ts, the query client...), and a phone
 * downloaded code no buyer page calls, in more files (101.7 KB gzip to open a checkout; 97 KB alone).
 */
function buyerBuild(): Plugin {
  return {
    name: 'buyer-build',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    closeBundle: {
      sequential: true,
      async handler() {
        const openChunk = checkoutOpenChunk()
        await build({
          configFile: false,
          root: WEB,
          logLevel: 'warn',
          plugins: [react(), openChunk.plugin],
          build: {
            outDir: OUT_DIR,
            emptyOutDir: false,
            copyPublicDir: false,
            manifest: BUYER_MANIFEST,
            modulePreload: { polyfill: false },
            rollupOptions: {
              input: { checkout: path.join(WEB, 'checkout.html') },
              // The group is closed under its own static imports (the rest is in the entry or the order page's
              // chunks, loaded before it), so it needs none of its dependencies pulled in.
              output: { codeSplitting: { groups: openChunk.groups } },
            },
          },
        })
      },
    },
  }
}

/**
 * The modules the checkout pages import statically, beyond the entry's, as one chunk ('checkout-open'), and those
 * the order page imports too as another ('checkout-shared'). Left to itself the chunker cuts them by which lazy chunks also use each one (the sold-out screen
 * uses the summary, the payment step the icons...), and every extra file a page opens with costs its own gzip
 * stream, a name in the entry's preload list and a request: a lazy split then made the first screen heavier.
 * Computed from the module graph once it is built (buildEnd), so it follows the imports without a list to keep.
 */
export function checkoutOpenChunk() {
  const pages = ['physical-checkout-page.tsx', 'digital-checkout-page.tsx'].map((f) =>
    path.join(WEB, 'features/checkout/buyer', f),
  )
  const orderPage = path.join(WEB, 'features/checkout/buyer/order-page.tsx')
  const open = new Set<string>()
  const shared = new Set<string>()
  const plugin: Plugin = {
    name: 'checkout-open-chunk',
    buildEnd() {
      const closure = (roots: string[]) => {
        const seen = new Set<string>()
        const visit = (id: string) => {
          if (seen.has(id)) return
          seen.add(id)
          for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visit(dep)
        }
        for (const r of roots) visit(r)
        return seen
      }
      const entry = closure([path.join(WEB, 'checkout.html')])
      const order = closure([orderPage])
      for (const id of closure(pages)) {
        if (entry.has(id) || pages.includes(id) || id.endsWith('.css')) continue
        ;(order.has(id) ? shared : open).add(id)
      }
    },
  }
  return {
    plugin,
    groups: [
      { name: 'checkout-open', test: (id: string) => open.has(id), includeDependenciesRecursively: false },
      // What the order page shares with them (the shell, prices, icons), one chunk too.
      { name: 'checkout-shared', test: (id: string) => shared.has(id), includeDependenciesRecursively: false },
    ],
  }
}

/**
 * After the browser build, the checkout's first-paint module for the API (src/web/checkout-server.tsx) into
 * <outDir>/.ssr: self-contained (it runs from wherever WEB_DIST is, without node_modules beside it), production React.
 */
function checkoutServerRender(): Plugin {
  return {
    name: 'checkout-server-render',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    closeBundle: {
      sequential: true,
      async handler() {
        await build({
          configFile: false,
          root: WEB,
          logLevel: 'warn',
          plugins: [react()],
          define: { 'process.env.NODE_ENV': '"production"' },
          ssr: { noExternal: true, target: 'node' },
          build: {
            ssr: path.join(WEB, 'checkout-server.tsx'),
            outDir: path.join(OUT_DIR, '.ssr'),
            emptyOutDir: true,
            copyPublicDir: false,
            rollupOptions: { output: { entryFileNames: '[name].mjs', codeSplitting: false } },
          },
        })
      },
    },
  }
}

export default defineConfig({
  root: WEB,
  plugins: [react(), buyerBuild(), checkoutServerRender(), precompress()],
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    // The server reads it to announce the checkout page's chunk in that page's HTML (src/platform/spa.ts).
    manifest: true,
    // No inline script anywhere, so the Content-Security-Policy can forbid it (script-src 'self').
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The buyer pages have their own entry, built on its own (buyerBuild; src/platform/spa.ts picks it by URL).
      input: { index: path.join(WEB, 'index.html') },
    },
  },
  server: {
    proxy: {
      '/api': API,
      '/uploads': API,
      '/sandbox': API,
    },
  },
})
