// Preloaded into a benchmarked process (node --import) beside process-stats.mjs when BENCH_SQL_HISTOGRAM=<dir>:
// counts the process's SQL statements by their text (whitespace collapsed, cut at 160 characters) and writes the
// counts so far to <dir>/<pid>-<n>.json on the n-th 'stats' message (and <pid>-exit.json at exit) — two snapshots'
// difference splits a bench's statements per renewal by the query that sends them (which handler, which N+1).
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'

const dir = process.env.BENCH_SQL_HISTOGRAM
if (dir) {
  mkdirSync(dir, { recursive: true })
  const counts = new Map()
  const query = pg.Client.prototype.query
  pg.Client.prototype.query = function (first, ...rest) {
    const text = typeof first === 'string' ? first : first?.text
    if (typeof text === 'string') {
      const key = text.replace(/\s+/g, ' ').trim().slice(0, 160)
      counts.set(key, (counts.get(key) ?? 0) + 1)
    }
    return query.call(this, first, ...rest)
  }
  let n = 0
  const dump = (name) =>
    writeFileSync(
      path.join(dir, `${process.pid}-${name}.json`),
      JSON.stringify(Object.fromEntries([...counts].sort((a, b) => b[1] - a[1])), null, 1),
    )
  process.on('message', (m) => m === 'stats' && dump(++n))
  process.on('exit', () => dump('exit'))
}
