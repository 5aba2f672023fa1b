import http from 'node:http'

export interface LoadResult {
  requests: number
  seconds: number
  rps: number
  p50: number
  p99: number
  errors: number
  /** How the failures ended: an HTTP status, or the socket error's code. */
  failures?: Record<string, number>
}

/** A bounded closed-loop load: `concurrency` clients send `total` requests over keep-alive; loopback only. */
export async function load(
  url: string,
  opts: {
    total: number
    concurrency: number
    /** Fixed headers, or a function giving each request its own (say, a client address). */
    headers?: Record<string, string> | (() => Record<string, string>)
    method?: string
    body?: () => string
  },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency })
  const latencies: number[] = []
  let sent = 0
  let errors = 0
  const failures: Record<string, number> = {}
  const failed = (why: string) => {
    errors++
    failures[why] = (failures[why] ?? 0) + 1
  }
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now()
      const body = opts.body?.()
      const req = http.request(
        url,
        {
          agent,
          method: opts.method ?? 'GET',
          headers: {
            ...(typeof opts.headers === 'function' ? opts.headers() : opts.headers),
            ...(body && { 'content-type': 'application/json' }),
          },
        },
        (res) => {
          res.resume()
          res.on('end', () => {
            latencies.push(performance.now() - started)
            if ((res.statusCode ?? 500) >= 400) failed(String(res.statusCode))
            resolve()
          })
        },
      )
      req.on('error', (err: NodeJS.ErrnoException) => {
        failed(err.code ?? err.message)
        resolve()
      })
      req.end(body)
    })
  const started = performance.now()
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (sent < opts.total) {
        sent++
        await one()
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]
  return {
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: pct(50),
    p99: pct(99),
    errors,
    failures,
  }
}

export const fmt = (r: LoadResult) =>
  `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.errors} errors (${r.requests} requests)`
