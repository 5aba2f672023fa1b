// What each module weighs in the buyer entry's chunks (the checkout's own build, as vite.config.ts's buyerBuild
// makes it, into a scratch folder): per chunk, its modules by rendered size, with the gzip size of each module
// minified alone (an estimate of its share). Finds what grew the JavaScript to open a checkout (bench/support/checkout-js.ts gives the totals).
//   npx tsx bench/support/checkout-bundle-listing.ts [chunk-name-filter]
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { minifySync } from 'rolldown/utils'
import { build, type Plugin } from 'vite'
import { checkoutOpenChunk } from '../../vite.config'

const WEB = path.resolve(import.meta.dirname, '../../src/web')
const filter = process.argv[2]

function listing(): Plugin {
  return {
    name: 'bundle-listing',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || (filter && !chunk.fileName.includes(filter))) continue
        const total = gzipSync(chunk.code, { level: 9 }).length
        console.log(`\n${chunk.fileName}  ${chunk.code.length} B, ${total} B gzip${chunk.isEntry ? ' (entry)' : ''}`)
        const rows = Object.entries(chunk.modules)
          .map(([id, m]) => ({
            id: id.replace(/^.*node_modules\//, '~/').replace(WEB, 'web'),
            size: m.renderedLength,
            // Minified alone (mangled, not compressed: nothing of it is exported here): near its share of the chunk.
            gz: m.code
              ? gzipSync(minifySync(id.replace(/\?.*$/, ''), m.code, { compress: false }).code, { level: 9 }).length
              : 0,
          }))
          .sort((a, b) => b.size - a.size)
        for (const r of rows.slice(0, 40))
          console.log(`  ${String(r.size).padStart(8)} ${String(r.gz).padStart(7)}  ${r.id}`)
        if (rows.length > 40) console.log(`  ... ${rows.length - 40} more`)
      }
    },
  }
}

const openChunk = checkoutOpenChunk()
await build({
  configFile: false,
  root: WEB,
  logLevel: 'warn',
  plugins: [react(), openChunk.plugin, listing()],
  build: {
    outDir: mkdtempSync(path.join(tmpdir(), 'checkout-listing-')),
    emptyOutDir: true,
    copyPublicDir: false,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { checkout: path.join(WEB, 'checkout.html') },
      output: { codeSplitting: { groups: openChunk.groups } },
    },
  },
})
