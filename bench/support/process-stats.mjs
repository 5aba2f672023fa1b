// Preloaded into a benchmarked process (node --import): counts every SQL statement the process sends through pg and
// answers the parent's 'stats' message with that count and the process's CPU time, so a benchmark can divide both
// by the orders it sent.
import pg from 'pg'

let statements = 0
const query = pg.Client.prototype.query
pg.Client.prototype.query = function (...args) {
  statements++
  return query.apply(this, args)
}

process.on('message', (message) => {
  if (message !== 'stats') return
  const cpu = process.cpuUsage()
  process.send?.({ statements, cpuMs: (cpu.user + cpu.system) / 1000 })
})
// The IPC channel must not keep a process alive that would otherwise exit.
process.channel?.unref()
