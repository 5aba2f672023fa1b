/** A local stand-in for UTMify's orders endpoint (tests and the e2e): records every call, answers what it is told. */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeUtmifyCall {
  token: string | undefined
  body: Record<string, unknown> & { orderId: string; status: string }
}

export interface FakeUtmify {
  url: string
  calls: FakeUtmifyCall[]
  /** Answers for the next calls, in order; once used up, 200. */
  respond(...answers: { status: number; body?: unknown }[]): void
  close(): Promise<void>
}

export async function startFakeUtmify(): Promise<FakeUtmify> {
  const calls: FakeUtmifyCall[] = []
  let answers: { status: number; body?: unknown }[] = []
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => {
      raw += chunk
    })
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/api-credentials/orders') {
        res.writeHead(404).end()
        return
      }
      calls.push({ token: req.headers['x-api-token'] as string | undefined, body: JSON.parse(raw) })
      const answer = answers.shift() ?? { status: 200, body: { OK: true } }
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body ?? {}))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/api-credentials`,
    calls,
    respond(...next) {
      answers = next
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
