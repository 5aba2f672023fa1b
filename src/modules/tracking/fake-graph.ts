/** A local stand-in for Meta's Graph API events endpoint (tests): records every call, answers what it is told. */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { CapiEvent } from './graph-client'

export interface FakeGraphCall {
  path: string
  body: { data: CapiEvent[]; access_token: string; test_event_code?: string }
}

export interface FakeGraph {
  url: string
  calls: FakeGraphCall[]
  /** Answers for the next calls, in order; once used up, 200 with Meta's success body. */
  respond(...answers: { status: number; body?: unknown }[]): void
  close(): Promise<void>
}

export async function startFakeGraph(): Promise<FakeGraph> {
  const calls: FakeGraphCall[] = []
  let answers: { status: number; body?: unknown }[] = []
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => {
      raw += chunk
    })
    req.on('end', () => {
      if (req.method !== 'POST' || !/^\/v\d+\.\d+\/\d+\/events$/.test(req.url ?? '')) {
        res.writeHead(404).end()
        return
      }
      calls.push({ path: req.url ?? '', body: JSON.parse(raw) })
      const answer = answers.shift() ?? { status: 200, body: { events_received: 1, fbtrace_id: 'fake' } }
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body ?? {}))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    respond(...next) {
      answers = next
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
