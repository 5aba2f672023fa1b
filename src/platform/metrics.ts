/**
 * Prometheus metrics (prom-client), one registry per process built by the runtime and passed where it is needed:
 * nothing is registered on import. The api serves them at /metrics, the worker on its health port.
 * Gauges that read state (queue depth, outbox lag, pool) are computed when Prometheus scrapes, so they cost nothing
 * between scrapes.
 */
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Db } from './db'
import type { JobQueue } from './jobs'

export interface PoolStats {
  total: number
  idle: number
  waiting: number
}

export interface GatewayStats {
  charges: { provider: string; outcome: string; count: number }[]
  fallbacks: number
  openCircuits: number
}

export class Metrics {
  readonly registry = new Registry()
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Request latency by route (the route pattern, not the URL) and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  })
  readonly ordersPlaced = new Counter({
    name: 'orders_placed_total',
    help: 'Orders placed (counted when the outbox relay hands their event to the queue)',
    registers: [this.registry],
  })
  readonly ordersPaid = new Counter({
    name: 'orders_paid_total',
    help: 'Orders paid (counted when the outbox relay hands their event to the queue)',
    registers: [this.registry],
  })
  readonly outboxRelayed = new Counter({
    name: 'outbox_events_relayed_total',
    help: 'Outbox events handed to the job queue, by event',
    labelNames: ['event'],
    registers: [this.registry],
  })
  readonly deliveryFailures = new Counter({
    name: 'delivery_failures_total',
    help: 'Failed calls to an outside service (a retry or a final failure), by integration',
    labelNames: ['integration'],
    registers: [this.registry],
  })
  readonly poolWaitSeconds = new Histogram({
    name: 'db_pool_acquire_seconds',
    help: 'Time spent waiting for a database connection from the pool',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  })
  readonly poolTimeouts = new Counter({
    name: 'db_pool_acquire_timeouts_total',
    help: 'Requests for a database connection that gave up after DB_POOL_ACQUIRE_TIMEOUT_MS (answered 503)',
    registers: [this.registry],
  })
  readonly jobFailures = new Counter({
    name: 'jobs_failed_total',
    help: 'Job runs that threw (each try), by job name',
    labelNames: ['job'],
    registers: [this.registry],
  })

  constructor(opts: { process: 'api' | 'worker' }) {
    this.registry.setDefaultLabels({ process: opts.process })
    collectDefaultMetrics({ register: this.registry })
  }

  /** Names the relay's events count as orders placed and paid (the composition root knows the event names). */
  countRelayed(events: string[], orderEvents: { placed: string; paid: string }) {
    for (const event of events) {
      this.outboxRelayed.inc({ event })
      if (event === orderEvents.placed) this.ordersPlaced.inc()
      else if (event === orderEvents.paid) this.ordersPaid.inc()
    }
  }

  /** Gauges read at scrape time: queue depth and oldest waiting job per queue, outbox lag, the pool's state. */
  /**
   * Gateway charges per provider and outcome, fallbacks to a next account, and open circuits, read from the payments
   * module's own per-process counters when Prometheus scrapes (the composition hands the reader in).
   */
  watchGateways(read: () => GatewayStats) {
    const registers = [this.registry]
    new Gauge({
      name: 'gateway_charges_total',
      help: 'Charges sent to a gateway since the process started, by provider and outcome',
      labelNames: ['provider', 'outcome'],
      registers,
      collect() {
        this.reset()
        for (const c of read().charges) this.set({ provider: c.provider, outcome: c.outcome }, c.count)
      },
    })
    new Gauge({
      name: 'gateway_fallbacks_total',
      help: 'Card charges moved to the next account after a connection error or 5xx, since the process started',
      registers,
      collect() {
        this.set(read().fallbacks)
      },
    })
    new Gauge({
      name: 'gateway_open_circuits',
      help: 'Gateway accounts skipped now because they failed too often within a minute',
      registers,
      collect() {
        this.set(read().openCircuits)
      },
    })
  }

  watch(sources: { db: Db; jobs: JobQueue; pool: () => PoolStats }) {
    const { db, jobs, pool } = sources
    const registers = [this.registry]
    new Gauge({
      name: 'queue_jobs',
      help: 'Jobs per queue and state (waiting, active, delayed, failed)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset()
        for (const q of await jobs.stats().catch(() => [])) {
          for (const state of ['waiting', 'active', 'delayed', 'failed'] as const)
            this.set({ queue: q.queue, state }, q[state])
        }
      },
    })
    new Gauge({
      name: 'queue_oldest_waiting_job_age_seconds',
      help: 'Age of the oldest job ready to run and not yet taken, per queue (0 when none waits)',
      labelNames: ['queue'],
      registers,
      async collect() {
        this.reset()
        for (const q of await jobs.stats().catch(() => [])) this.set({ queue: q.queue }, q.oldestWaitingAgeMs / 1000)
      },
    })
    new Gauge({
      name: 'outbox_lag_seconds',
      help: 'Age of the oldest outbox event not yet relayed (0 when all are relayed)',
      registers,
      async collect() {
        const res = await sql<{ age: number | null }>`
          select extract(epoch from now() - min(created_at))::float8 as age from outbox where relayed_at is null`
          .execute(db)
          .catch(() => undefined)
        this.set(res?.rows[0]?.age ?? 0)
      },
    })
    new Gauge({
      name: 'outbox_pending_events',
      help: 'Outbox events not yet relayed',
      registers,
      async collect() {
        const res = await sql<{ n: number }>`select count(*)::int as n from outbox where relayed_at is null`
          .execute(db)
          .catch(() => undefined)
        this.set(res?.rows[0]?.n ?? 0)
      },
    })
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections: total, idle, and requests waiting for one',
      labelNames: ['state'],
      registers,
      collect() {
        const s = pool()
        this.set({ state: 'total' }, s.total)
        this.set({ state: 'idle' }, s.idle)
        this.set({ state: 'waiting' }, s.waiting)
      },
    })
  }

  /** Request latency by route pattern (unmatched URLs as one label, so a scan cannot grow the series). */
  instrument(app: FastifyInstance) {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched'
      this.httpDuration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      )
    })
  }
}
