// `npm start` (and `npm run worker`, `npm run migrate`, `npm run rollups:rebuild`): builds the SPA and the compiled
// server when they are missing or older than their sources, then runs the entry with plain node — no TypeScript
// loader in production. The server applies migrations and, in embedded mode, seeds the demo data on first start.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { buildServer, nodeEnv, nodeFlags, SERVER_ENTRIES } from './build-server.mjs'

const root = path.resolve(import.meta.dirname, '..')
const entry = process.argv[2] ?? 'server'
if (!(entry in SERVER_ENTRIES)) {
  console.error(`Unknown entry "${entry}"; one of: ${Object.keys(SERVER_ENTRIES).join(', ')}`)
  process.exit(2)
}

function newestMtime(target, skip = () => false) {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const item of readdirSync(target, { withFileTypes: true })) {
    const full = path.join(target, item.name)
    if (!skip(full)) newest = Math.max(newest, newestMtime(full, skip))
  }
  return newest
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0)
const lockfile = path.join(root, 'package-lock.json')

// The SPA only matters to the api process.
const builtWeb = path.join(root, 'dist/web/index.html')
const webSources = ['src/web', 'src/shared', 'index.html', 'vite.config.ts'].map((d) => path.join(root, d))
if (entry === 'server' && Math.max(...webSources.map((d) => newestMtime(d)), mtime(lockfile)) > mtime(builtWeb)) {
  console.log('Building the web app…')
  const res = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  )
  if (res.status !== 0) process.exit(res.status ?? 1)
}

const builtServer = path.join(root, 'dist/server', `${entry}.js`)
const web = path.join(root, 'src/web')
const serverSources = Math.max(
  newestMtime(path.join(root, 'src'), (p) => p === web || p.endsWith('.test.ts')),
  mtime(lockfile),
)
if (serverSources > mtime(builtServer)) {
  console.log('Building the server…')
  await buildServer()
}

const child = spawn(process.execPath, [...nodeFlags(entry), builtServer, ...process.argv.slice(3)], {
  cwd: root,
  stdio: 'inherit',
  env: nodeEnv(),
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
