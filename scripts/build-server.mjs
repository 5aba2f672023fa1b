// Compiles the server side (api, worker and the two command-line tools) into dist/server/ with esbuild (it comes
// with tsx), so production runs plain `node` without a TypeScript loader. Dependencies stay in node_modules.
import { renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const root = path.resolve(import.meta.dirname, '..')
export const SERVER_ENTRIES = {
  server: 'src/server.ts',
  worker: 'src/worker/main.ts',
  migrate: 'src/platform/migrate-cli.ts',
  'storage-migrate': 'src/platform/storage/migrate-cli.ts',
  'rollups-rebuild': 'src/modules/reporting/rebuild-cli.ts',
}

export async function buildServer() {
  const target = path.join(root, 'dist/server')
  // Built aside and moved in place, so an api and a worker started together never run a half-written folder.
  const outdir = `${target}.tmp-${process.pid}`
  rmSync(outdir, { recursive: true, force: true })
  await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir,
    bundle: true,
    // Shared code between the entries goes into chunks instead of four copies.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  })
  rmSync(target, { recursive: true, force: true })
  renameSync(outdir, target)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now()
  await buildServer()
  console.log(`Server built into dist/server in ${Date.now() - started} ms`)
}
