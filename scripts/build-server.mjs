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
  'storage-migrate': 'src/storage-migrate-cli.ts',
  'rollups-rebuild': 'src/modules/reporting/rebuild-cli.ts',
}

/**
 * How production starts the api (the Dockerfile's CMD says the same; upload-memory.process.test.ts holds it under
 * 150 MB): a young generation of 2 MB semi-spaces instead of V8's 16 MB (measured: -20 MB of idle RSS, no slower
 * upload), and no --enable-source-maps, which parses every bundle's map at start (+24 MB). The other entries keep
 * source-mapped stacks.
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=2']
export const nodeFlags = (entry) => (entry === 'server' ? API_NODE_FLAGS : ['--enable-source-maps'])
/** The Dockerfile's `ENV MALLOC_ARENA_MAX=2`, for `npm start` too (an operator's own value wins). */
export const nodeEnv = () => ({ MALLOC_ARENA_MAX: '2', ...process.env })

/** The e-mail templates' module (React Email), built on its own into EMAIL_RENDER_FILE beside the entries. */
const EMAIL_RENDER = 'src/modules/notifications/templates/render.ts'
const EMAIL_RENDER_FILE = 'email-render.js'

/** Every import of the e-mail templates' module points at its own bundle instead of taking React from node_modules. */
const emailRenderApart = {
  name: 'email-render-apart',
  setup(b) {
    b.onResolve({ filter: /[\\/]templates[\\/]render$/ }, (args) =>
      path.resolve(args.resolveDir, `${args.path}.ts`) === path.join(root, EMAIL_RENDER)
        ? { path: `./${EMAIL_RENDER_FILE}`, external: true }
        : undefined,
    )
  },
}

export async function buildServer() {
  const target = path.join(root, 'dist/server')
  // Built aside and moved in place, so an api and a worker started together never run a half-written folder.
  const outdir = `${target}.tmp-${process.pid}`
  rmSync(outdir, { recursive: true, force: true })
  // The e-mails render with production React whatever NODE_ENV says: React's development build checks every element
  // and keeps component stacks, and rendering an order's e-mail took 2-3 times as long in the worker (the benches run
  // NODE_ENV=development for the sandbox gateway). React, React DOM's server renderer and React Email are bundled
  // into the module with NODE_ENV replaced; html-to-text and prettier stay in node_modules.
  await build({
    absWorkingDir: root,
    entryPoints: { 'email-render': EMAIL_RENDER },
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['html-to-text', 'prettier', 'prismjs', 'tailwindcss', 'marked', 'md-to-react-email'],
    define: { 'process.env.NODE_ENV': '"production"' },
    // React's CommonJS files require Node's own modules: an ES module has no `require` of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: true,
    logLevel: 'warning',
  })
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
    plugins: [emailRenderApart],
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
