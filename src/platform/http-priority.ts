import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A report a merchant can wait a moment for (dashboards): while other requests — a buyer's checkout above all —
     * are in flight in this process, it waits for them to finish, up to `BACKGROUND_MAX_WAIT_MS`.
     */
    background?: boolean
  }
  interface FastifyInstance {
    /** 'GET /api/…' of every route in the background lane: what the lane holds back, in one place to check. */
    backgroundRoutes: ReadonlySet<string>
  }
}

/**
 * How long a background request may wait for the foreground to drain. A checkout rush never drains, so this is what
 * a dashboard reload costs during one: a merchant reloading in a loop takes a few loop turns a second instead of
 * hundreds, and a person does not notice a tenth of a second.
 */
export const BACKGROUND_MAX_WAIT_MS = 100

/**
 * Checkout first. On one event loop, every request served takes its turn from the others, however cheap it is: three
 * merchants reloading a dashboard as fast as answers come (over a thousand reloads a second once the answer is
 * cached) took a quarter of checkout's throughput with nothing left to optimise in the dashboard itself. So the
 * requests of routes marked `background` queue behind the foreground: they start when nothing else is in flight, or
 * after `maxWaitMs` at the latest, so a dashboard is never starved.
 */
export function registerPriorityLanes(app: FastifyInstance, opts: { maxWaitMs?: number } = {}) {
  const maxWaitMs = opts.maxWaitMs ?? BACKGROUND_MAX_WAIT_MS
  let foreground = 0
  const waiting = new Set<() => void>()
  const backgroundRoutes = new Set<string>()
  app.decorate('backgroundRoutes', backgroundRoutes)
  app.addHook('onRoute', (route) => {
    if (!route.config?.background) return
    for (const method of [route.method].flat()) backgroundRoutes.add(`${method} ${route.url}`)
  })

  const finished = () => {
    if (--foreground > 0) return
    for (const release of waiting) release()
  }

  const drained = () =>
    new Promise<void>((resolve) => {
      const release = () => {
        clearTimeout(timer)
        waiting.delete(release)
        resolve()
      }
      const timer = setTimeout(release, maxWaitMs)
      waiting.add(release)
    })

  // A callback hook, not an async one: the foreground path is on every request and allocates nothing.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config?.background) {
      if (foreground > 0) drained().then(() => done())
      else done()
      return
    }
    foreground++
    // 'close' comes once whether the answer was sent or the client went away: the count cannot leak.
    reply.raw.once('close', finished)
    done()
  })
}
