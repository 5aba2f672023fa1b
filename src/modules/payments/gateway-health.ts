/**
 * Per-process health of gateway accounts: a circuit breaker (an account that failed N times within a minute is
 * skipped for a while, so a dead gateway does not cost every sale a wait) and the counters /metrics shows.
 */
import type { AppConfig } from '../../config'

const WINDOW_MS = 60_000

export type ChargeOutcome = 'approved' | 'pending' | 'refused' | 'failed' | 'unknown'

export class GatewayHealth {
  private failures = new Map<string, number[]>()
  private openUntil = new Map<string, number>()
  /** `${provider}|${outcome}` → count. */
  readonly charges = new Map<string, number>()
  fallbacks = 0

  constructor(
    private opts: { threshold: number; openMs: number },
    private now: () => number = Date.now,
  ) {}

  isOpen(accountId: string): boolean {
    const until = this.openUntil.get(accountId)
    if (until === undefined) return false
    if (until > this.now()) return true
    // Half-open: the next sale tries it again; one more failure opens it at once.
    this.openUntil.delete(accountId)
    this.failures.set(accountId, Array(this.opts.threshold - 1).fill(this.now()))
    return false
  }

  failed(accountId: string) {
    const now = this.now()
    const recent = (this.failures.get(accountId) ?? []).filter((t) => t > now - WINDOW_MS)
    recent.push(now)
    this.failures.set(accountId, recent)
    if (recent.length >= this.opts.threshold) this.openUntil.set(accountId, now + this.opts.openMs)
  }

  succeeded(accountId: string) {
    this.failures.delete(accountId)
    this.openUntil.delete(accountId)
  }

  count(provider: string, outcome: ChargeOutcome) {
    const k = `${provider}|${outcome}`
    this.charges.set(k, (this.charges.get(k) ?? 0) + 1)
  }

  stats() {
    return {
      charges: [...this.charges].map(([k, count]) => {
        const [provider = '', outcome = ''] = k.split('|')
        return { provider, outcome, count }
      }),
      fallbacks: this.fallbacks,
      openCircuits: this.openCircuits(),
    }
  }

  openCircuits(): number {
    const now = this.now()
    let n = 0
    for (const until of this.openUntil.values()) if (until > now) n++
    return n
  }
}

/**
 * One GatewayHealth per app (keyed by its config, as storeKey's cache is): the api's charges and the merchant's
 * screen read the same breaker, and two test apps in one process never share one.
 */
const healthByApp = new WeakMap<AppConfig, GatewayHealth>()

export function gatewayHealthOf(config: AppConfig): GatewayHealth {
  let health = healthByApp.get(config)
  if (!health) {
    health = new GatewayHealth({ threshold: config.GATEWAY_BREAKER_FAILURES, openMs: config.GATEWAY_BREAKER_OPEN_MS })
    healthByApp.set(config, health)
  }
  return health
}
