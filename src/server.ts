import { buildApp, createRuntime } from './app'
import { ConfigError, loadConfig } from './config'
import { drain } from './platform/drain'
import { prepare } from './seed'

async function main() {
  const started = Date.now()
  const config = loadConfig()
  const runtime = await createRuntime(config, { role: 'api' })
  await prepare(runtime)
  if (config.NODE_ENV === 'production' && !config.SMTP_URL)
    runtime.log.warn('SMTP_URL not set: e-mails are kept in the admin mailbox (/admin/emails), not sent')
  const app = await buildApp(runtime)
  await app.listen({ port: config.PORT, host: config.HOST })
  runtime.log.info(
    {
      mode: config.embedded ? 'embedded' : 'postgres',
      queue: config.useRedis ? 'bullmq' : 'in-process',
      ms: Date.now() - started,
    },
    `ready on ${config.publicUrl}`,
  )

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    runtime.log.info({ signal }, 'draining')
    const { forced } = await drain(app, {
      lifecycle: runtime.lifecycle,
      log: runtime.log,
      delayMs: config.SHUTDOWN_DELAY_MS,
      deadlineMs: config.SHUTDOWN_TIMEOUT_MS,
      closeRest: (remainingMs) => runtime.stop(remainingMs),
    })
    runtime.log.info({ signal, forced, ms: Date.now() - started }, forced ? 'stopped (forced)' : 'stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message)
  else console.error(err)
  process.exit(1)
})
