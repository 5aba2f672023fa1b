/**
 * The api's drain on SIGTERM: readiness answers 503 at once, every response from then on says `connection: close`
 * (so a client never sends its next request on a connection we are about to close), the listener stops after
 * SHUTDOWN_DELAY_MS, in-flight requests finish, idle keep-alive connections are closed, and past the deadline the
 * remaining connections are cut and the exit is logged as forced.
 */
import net from 'node:net'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Lifecycle } from './health'

export function registerDrain(app: FastifyInstance, lifecycle: Lifecycle) {
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close')
  })
}

/**
 * Runs the drain and resolves with whether it ended cleanly. `closeRest` (the runtime: relay, queue, database)
 * runs after the HTTP side, with whatever remains of the deadline.
 */
/** Idle keep-alive connections are closed this long after the listener: a connection accepted a moment before has
 * sent its request by then (and is served, with `connection: close`), so it is not cut as if it were idle. */
const IDLE_GRACE_MS = 500

export async function drain(
  app: FastifyInstance,
  opts: {
    lifecycle: Lifecycle
    log: FastifyBaseLogger
    delayMs: number
    deadlineMs: number
    closeRest: (remainingMs: number) => Promise<boolean>
  },
): Promise<{ forced: boolean }> {
  const started = Date.now()
  const remaining = () => Math.max(0, opts.deadlineMs - (Date.now() - started))
  opts.lifecycle.draining = true
  if (opts.delayMs > 0) await sleep(Math.min(opts.delayMs, opts.deadlineMs))
  const server = app.server
  // net's close, not http's: http's would also destroy, as idle, connections accepted a moment ago whose request has
  // not been read yet — a reset for a client that did nothing wrong. The callback comes once every connection ended.
  const allClosed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()))
  const idle = setInterval(() => server.closeIdleConnections(), IDLE_GRACE_MS)
  const timer = sleep(remaining()).then(() => 'late' as const)
  const forced = (await Promise.race([allClosed.then(() => 'closed' as const), timer])) === 'late'
  clearInterval(idle)
  if (forced) {
    opts.log.warn({ deadlineMs: opts.deadlineMs }, 'shutdown deadline reached: cutting the remaining connections')
    server.closeAllConnections()
  }
  // Fastify's own close (its onClose hooks); its server is already closed.
  await app.close()
  if (!(await opts.closeRest(remaining()))) {
    opts.log.warn('shutdown deadline reached: running jobs left to the queue')
    return { forced: true }
  }
  return { forced }
}

function sleep(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms).unref())
}
