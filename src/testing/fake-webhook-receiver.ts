import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders
  body: string
}

export interface FakeWebhookReceiver {
  url: string
  received: ReceivedWebhook[]
  /** The status answered to each next request, in turn; 200 once the list is used up. */
  answers: number[]
  close(): Promise<void>
}

/** A merchant's receiver for the webhook tests, on a port of its own (port 0), recording every request. */
export async function startWebhookReceiver(): Promise<FakeWebhookReceiver> {
  const received: ReceivedWebhook[] = []
  const answers: number[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      const status = answers.shift() ?? 200
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ ok: status < 300 }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks/checkout`,
    received,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
