// Reads V8 .cpuprofile files (node --cpu-prof, e.g. a bench's BENCH_CPU_PROF dir) and prints where the time went:
// self time by function (name + file:line) and by file, and the inclusive (total) time of the heaviest functions —
// so a bench's "CPU ms per X" can be split into the places worth cutting.
// Run: node bench/support/cpu-profile-top.mjs <file-or-dir>... [--top 40] [--per 1000] (per: divide ms by that count)
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

const args = process.argv.slice(2)
const opt = (name, dflt) => {
  const i = args.indexOf(name)
  if (i < 0) return dflt
  const v = Number(args[i + 1])
  args.splice(i, 2)
  return v
}
const top = opt('--top', 40)
const per = opt('--per', 1)
const files = args.flatMap((a) =>
  statSync(a).isDirectory()
    ? readdirSync(a, { recursive: true })
        .filter((f) => String(f).endsWith('.cpuprofile'))
        .map((f) => path.join(a, String(f)))
    : [a],
)
const short = (url) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*node_modules\//, 'nm:')
    .replace(/^.*\/dist\//, 'dist/')
const selfByFn = new Map()
const selfByFile = new Map()
const totalByFn = new Map()
let all = 0
for (const file of files) {
  const prof = JSON.parse(readFileSync(file, 'utf8'))
  const byId = new Map(prof.nodes.map((n) => [n.id, n]))
  const parent = new Map()
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  // Sample durations: timeDeltas[i] is the time before sample i.
  const selfUs = new Map()
  for (const [i, id] of prof.samples.entries()) selfUs.set(id, (selfUs.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0))
  for (const [id, us] of selfUs) {
    const n = byId.get(id)
    const cf = n.callFrame
    const fn = `${cf.functionName || '(anon)'} ${short(cf.url)}:${cf.lineNumber + 1}`
    all += us
    selfByFn.set(fn, (selfByFn.get(fn) ?? 0) + us)
    const f = short(cf.url) || cf.functionName
    selfByFile.set(f, (selfByFile.get(f) ?? 0) + us)
    // Inclusive: each distinct function on the stack once.
    const seen = new Set()
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const c = byId.get(cur).callFrame
      const key = `${c.functionName || '(anon)'} ${short(c.url)}:${c.lineNumber + 1}`
      if (seen.has(key)) continue
      seen.add(key)
      totalByFn.set(key, (totalByFn.get(key) ?? 0) + us)
    }
  }
}
const ms = (us) => (us / 1000 / per).toFixed(per === 1 ? 0 : 2).padStart(9)
const show = (title, m) => {
  console.log(`\n== ${title}`)
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(v)}  ${k}`)
}
console.log(`${files.length} profile(s), ${ms(all)} ms sampled${per === 1 ? '' : ` per unit (÷ ${per})`}`)
show('self by file', selfByFile)
show('self by function', selfByFn)
show('total (inclusive) by function', totalByFn)
