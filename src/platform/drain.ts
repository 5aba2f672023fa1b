/**
 * The api's drain on SIGTERM: readiness answers 503 at once, every response from then on says `connection: close`
 * (so a client never sends its next request on a connection we are about to close), the listener stops after
 * SHUTDOWN_DELAY_MS, in-flight requests finish, idle keep-alive connections are closed, and past the deadline the
 * remaining connections are cut and the exit is logged as forced.
 */
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
  opts.lifecycle.draining = true
  if (opts.delayMs > 0) await new Promise((r) => setTimeout(r, opts.delayMs))
  let forced = false
  const closing = app.close()
  const remaining = () => Math.max(0, opts.deadlineMs - (Date.now() - started))
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), remaining())
  })
  if ((await Promise.race([closing.then(() => 'closed' as const), late])) === 'late') {
    forced = true
    opts.log.warn({ deadlineMs: opts.deadlineMs }, 'shutdown deadline reached: cutting the remaining connections')
    app.server.closeAllConnections()
  }
  clearTimeout(timer)
  if (!(await opts.closeRest(remaining()))) {
    forced = true
    opts.log.warn('shutdown deadline reached: running jobs left to the queue')
  }
  return { forced }
}
