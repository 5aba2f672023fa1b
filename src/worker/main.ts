import { Redis } from 'ioredis'
import { createRuntime } from '../app'
import { ConfigError, loadConfig } from '../config'
import { startHealthServer } from '../platform/health'

/** The worker process: runs every module's job handlers and relays the outbox. Needs REDIS_URL. */
async function main() {
  const config = loadConfig()
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
