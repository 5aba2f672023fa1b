import { createRuntime } from '../app'
import { ConfigError, loadConfig } from '../config'

/** The worker process: runs every module's job handlers and relays the outbox. Needs REDIS_URL. */
async function main() {
  const config = loadConfig()
  if (!config.useRedis) {
    throw new ConfigError(
      'Configuração inválida:\n  REDIS_URL: obrigatório para o worker (sem ele, a API executa os jobs no próprio processo)',
    )
  }
  const runtime = await createRuntime(config, { workers: true, migrate: true })
  runtime.log.info('worker ready')
  const shutdown = async () => {
    runtime.log.info('worker shutting down')
    await runtime.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown())
  process.on('SIGINT', () => void shutdown())
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err)
  process.exit(1)
})
