// `npm run bench -- <name> [<name> …]` runs bench/<name>.bench.ts one after the other (each prints its own figures
// against a baseline run beside it); without a name it lists them. Benchmarks are never part of `npm test`.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const available = readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
const names = process.argv.slice(2)
if (names.length === 0) {
  console.log(`Benchmarks: ${available.join(', ')}\nRun one: npm run bench -- <name>`)
  process.exit(0)
}
for (const name of names) {
  if (!available.includes(name)) {
    console.error(`Unknown benchmark "${name}"; one of: ${available.join(', ')}`)
    process.exit(2)
  }
  console.log(`\n# bench/${name}.bench.ts`)
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', `${name}.bench.ts`)], {
    cwd: root,
    stdio: 'inherit',
  })
  if (res.status !== 0) process.exit(res.status ?? 1)
}
