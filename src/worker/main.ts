import { getPriority, setPriority } from 'node:os'
import { Redis } from 'ioredis'
import { createRuntime } from '../app'
import { ConfigError, loadConfig } from '../config'
import { startHealthServer } from '../platform/health'

/**
 * The worker's OS priority (nice), below the api's (0). Everything the worker does — billing lanes (10,000 renewals on
 * a due day), e-mails, webhooks, rollups — is asynchronous and may run a moment later; a buyer waiting on the api
 * may not. When both want the same cores the scheduler favours the api, so a renewal run cannot starve the checkout
 * (the renewals bench's ≥ 0.9× order rate); on an idle machine the worker still gets every free cycle. Chosen over a
 * rate limit on the lanes, which would slow renewals on an idle machine too, and over fewer lanes, which would leave
 * the database idle while each lane waits. 5, not the maximum 19: the worker's backlog must still drain under a
 * steady checkout load.
 */
const WORKER_NICE = 5

/** The worker process: runs every module's job handlers and relays the outbox. Needs REDIS_URL. */
async function main() {
  const config = loadConfig()
  try {
    // Only ever lowered: a worker started nicer still (by its operator) stays so.
    if (getPriority() < WORKER_NICE) setPriority(WORKER_NICE)
  } catch {
    // Not allowed here (a sandbox forbidding it): the worker runs at the priority it was given.
  }
  if (!config.useRedis) {
    throw new ConfigError(
      'Configuração inválida:\n  REDIS_URL: obrigatório para o worker (sem ele, a API executa os jobs no próprio processo)',
    )
  }
  const runtime = await createRuntime(config, { workers: true, migrate: true, role: 'worker' })
  const redis = new Redis(config.REDIS_URL!, { maxRetriesPerRequest: 1, lazyConnect: true })
  redis.on('error', () => undefined)
  // Its own small port: compose health-checks it, Prometheus scrapes it (several workers per host: one port each).
  const health = await startHealthServer(config.WORKER_HEALTH_PORT, config.HOST, {
    db: runtime.db,
    redis,
    lifecycle: runtime.lifecycle,
    metrics: runtime.metrics,
    metricsToken: config.METRICS_TOKEN,
  })
  runtime.log.info({ healthPort: health.port }, 'worker ready')
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    // Not ready at once; no new jobs are taken; running ones get SHUTDOWN_TIMEOUT_MS, then are left to the queue's
    // stall check (another worker runs them again: handlers are idempotent).
    runtime.lifecycle.draining = true
    runtime.log.info({ signal }, 'worker draining')
    const finished = await runtime.stop(config.SHUTDOWN_TIMEOUT_MS)
    if (!finished)
      runtime.log.warn({ deadlineMs: config.SHUTDOWN_TIMEOUT_MS }, 'worker stopped (forced): jobs left to the queue')
    else runtime.log.info({ signal }, 'worker stopped')
    await health.close()
    redis.disconnect()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err)
  process.exit(1)
})
