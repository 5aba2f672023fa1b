import { buildApp, createRuntime } from './app'
import { ConfigError, loadConfig } from './config'
import { prepare } from './seed'

async function main() {
  const started = Date.now()
  const config = loadConfig()
  const runtime = await createRuntime(config)
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
    runtime.log.info({ signal }, 'shutting down')
    await app.close()
    await runtime.close()
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
