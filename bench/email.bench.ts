// Order creation throughput with e-mail on vs off, in production mode (compiled api and worker, PostgreSQL, BullMQ on
// Redis, a digital product paid by PIX through the built-in sandbox). "On": the store sends every message and the
// worker delivers them over SMTP to a local server (smtp-server, in this process) — 'Recebemos seu pedido' with its
// QR code for each order. "Off": the store switched every message off (the handlers still run and find nothing to
// send). Interleaved rounds on the same processes, each started with the queue drained, best of each; the e-mails'
// cost lands in the worker, so the api's request path must keep ≥ 0.95× the throughput.
// Run: npx tsx bench/email.bench.ts   (BENCH_ORDERS per round, default 600; BENCH_CONCURRENCY, default 20)
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { BUYER_EMAIL_KINDS } from '../src/shared/notifications'
import { fmt, type LoadResult, load } from './http-load'
import { apiClient, digitalOrders, digitalStore, startProductionApp, waitUntil } from './support/production-app'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 600)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20)
const ROUNDS = 3
/** A round of e-mails on leaves up to ORDERS messages for the worker to send before the next round starts. */
const DRAIN_MS = 600_000

let received = 0
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, cb) {
    stream.resume()
    stream.on('end', () => {
      received++
      cb()
    })
  },
})
await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r))
const smtpPort = (smtp.server.address() as AddressInfo).port

const app = await startProductionApp({ name: 'bench-email', env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } })
const drained = () => app.drained()

try {
  const call = apiClient(app.appBase)
  const { token, storeId, productId } = await digitalStore(call, {
    email: 'bench-email@example.com',
    storeName: 'Bench E-mail',
    sandboxKey: 'sk_sandbox_bench_0005',
  })
  const emails = (on: boolean) =>
    call(
      'PUT',
      `/api/stores/${storeId}/emails/settings`,
      {
        notifyNewSale: on,
        replyTo: null,
        buyerKinds: Object.fromEntries(BUYER_EMAIL_KINDS.map((k) => [k, on])),
      },
      token,
    )

  const { url, body, headers } = digitalOrders(app.appBase, storeId, productId, 'bench-email')
  const run = () => load(url, { total: ORDERS, concurrency: CONCURRENCY, method: 'POST', body, headers })

  await emails(true)
  await load(url, { total: 30, concurrency: 5, method: 'POST', body, headers })
  let on: LoadResult | undefined
  let off: LoadResult | undefined
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of [true, false]) {
      await waitUntil(drained, 'queue drained', DRAIN_MS)
      await emails(mode)
      const r = await run()
      if (r.errors > 0) throw new Error(`${r.errors} orders failed`)
      if (mode && (!on || r.rps > on.rps)) on = r
      if (!mode && (!off || r.rps > off.rps)) off = r
    }
  }
  await waitUntil(drained, 'queue drained', DRAIN_MS)
  console.log(`create-digital-order, e-mail on  (SMTP), ${CONCURRENCY} concurrent, best of ${ROUNDS}: ${fmt(on!)}`)
  console.log(`create-digital-order, e-mail off        , ${CONCURRENCY} concurrent, best of ${ROUNDS}: ${fmt(off!)}`)
  console.log(
    `ratio on/off throughput: ${(on!.rps / off!.rps).toFixed(2)} (messages received by the SMTP server: ${received})`,
  )
} finally {
  await app.close()
  await new Promise<void>((r) => smtp.close(() => r()))
}
