/** A local stand-in for UTMify's orders endpoint (tests and the e2e): records every call, answers what it is told. */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeUtmifyCall {
  token: string | undefined
  body: Record<string, unknown> & { orderId: string; status: string }
  /**
   * The path segment before /api-credentials (empty for {@link FakeUtmify.url}): processes given their own
   * {@link FakeUtmify.urlFor} can be told apart.
   */
  via: string
  /**
   * `answered` once the answer was written to a live connection; `cut` when the sender went away first (killed, or
   * its own timeout): UTMify never acknowledged it, so the sender cannot know it arrived and must send it again.
   */
  outcome: 'pending' | 'answered' | 'cut'
  /** When it arrived (Date.now()). */
  at: number
}

export interface FakeUtmify {
  url: string
  /** The base URL for one sender: its calls carry `via`. */
  urlFor(via: string): string
  calls: FakeUtmifyCall[]
  /** Answers for the next calls, in order; once used up, 200. */
  respond(...answers: { status: number; body?: unknown }[]): void
  /** Every answer waits this long (a slow UTMify: calls stay in flight). */
  delay(ms: number): void
  /** Calls arriving through `via` get no answer until {@link release}: they stay in flight as long as wanted. */
  hold(via: string): void
  release(via: string): void
  close(): Promise<void>
}

export async function startFakeUtmify(): Promise<FakeUtmify> {
  const calls: FakeUtmifyCall[] = []
  let answers: { status: number; body?: unknown }[] = []
  let delayMs = 0
  const held = new Map<string, { promise: Promise<void>; release: () => void }>()
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => {
      raw += chunk
    })
    req.on('end', async () => {
      const route = req.method === 'POST' ? req.url?.match(/^(?:\/([\w-]+))?\/api-credentials\/orders$/) : null
      if (!route) {
        res.writeHead(404).end()
        return
      }
      const call: FakeUtmifyCall = {
        token: req.headers['x-api-token'] as string | undefined,
        body: JSON.parse(raw),
        via: route[1] ?? '',
        outcome: 'pending',
        at: Date.now(),
      }
      calls.push(call)
      res.once('close', () => {
        if (!res.writableFinished) call.outcome = 'cut'
      })
      await held.get(call.via)?.promise
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs))
      if (res.destroyed || call.outcome === 'cut') return
      const answer = answers.shift() ?? { status: 200, body: { OK: true } }
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body ?? {}))
      call.outcome = 'answered'
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const base = `http://127.0.0.1:${port}`
  return {
    url: `${base}/api-credentials`,
    urlFor: (via) => `${base}/${via}/api-credentials`,
    calls,
    respond(...next) {
      answers = next
    },
    delay(ms) {
      delayMs = ms
    },
    hold(via) {
      if (held.has(via)) return
      let release: () => void = () => undefined
      const promise = new Promise<void>((resolve) => {
        release = resolve
      })
      held.set(via, { promise, release })
    },
    release(via) {
      held.get(via)?.release()
      held.delete(via)
    },
    close: () =>
      new Promise((resolve) => {
        for (const h of held.values()) h.release()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
