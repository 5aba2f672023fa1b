// The registry this project installs from lacks some other platforms' prebuilt binaries (e.g. Biome's darwin and
// win32 CLIs), so `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock file.
// This adds the missing platform-specific optional packages as entries npm skips on this platform.
// Run after any `npm install` that rewrites the lock: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs'

const file = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(file, 'utf8'))
const packages = lock.packages
let added = 0

function platformOf(name) {
  const os = ['android', 'darwin', 'linux', 'win32', 'freebsd'].find((o) => name.includes(o))
  const cpu = ['arm64', 'x64', 'ia32', 'arm'].find((c) => new RegExp(`${c}(?![0-9])`).test(name))
  if (!os || !cpu) return undefined
  const libc = os === 'linux' ? (name.includes('musl') ? ['musl'] : ['glibc']) : undefined
  return { os: [os], cpu: [cpu], ...(libc && { libc }) }
}

for (const [where, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`
    const nested = where ? `${where}/${key}` : key
    if (packages[key] || packages[nested]) continue
    const platform = platformOf(dep)
    if (!platform) continue
    packages[key] = { version, ...(entry.dev && { dev: true }), optional: true, ...platform }
    added++
  }
}

if (added) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  )
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
}
console.log(`complete-lockfile: ${added} platform package entries added`)
