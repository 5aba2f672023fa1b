import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'kysely'
import type { AppConfig } from '../config'
import type { PlatformDb as Db, PlatformTrx } from './db'
import {
  backoffDelay,
  type EnqueueOptions,
  type FailedJob,
  HoldBack,
  type JobDefinition,
  type JobMetrics,
  type JobQueue,
  JobTimeoutError,
  type QueueStats,
  within,
} from './jobs'
import { SettingsCache } from './settings-cache'

interface Waiter {
  resolve(value: unknown): void
  reject(err: Error): void
}

/**
 * The job queue of embedded mode: rows in the `jobs` table, run by this process. Same contract and retry policy as
 * the BullMQ queue; jobs survive a restart because they live in the database.
 */
export class EmbeddedJobQueue implements JobQueue {
  private defs = new Map<string, JobDefinition>()
  private waiters = new Map<string, Waiter>()
  private timer: NodeJS.Timeout | undefined
  private running = 0
  private started = false
  private stopping = false
  /** The poll in progress (claims included): close() waits for it, so nothing is claimed after the database closes. */
  private ticking: Promise<void> | undefined
  /** Woken while a poll was running: poll again as soon as it ends. */
  private again = false
  private idle: Promise<void> = Promise.resolve()
  private schedules = new Map<string, number>()
  private scheduleTimers: NodeJS.Timeout[] = []

  readonly settings = new SettingsCache()
  /** tick() claims up to this limit; a restored one claims at once rather than at the next poll. */
  private held = new HoldBack(
    () => this.config.WORKER_CONCURRENCY,
    () => this.kick(),
  )

  constructor(
    private db: Db,
    private config: AppConfig,
    private log: FastifyBaseLogger,
    private pollMs = 100,
    private metrics?: JobMetrics,
  ) {}

  /** How many jobs this process runs at once now (the tests read it). */
  get concurrency(): number {
    return this.held.limit
  }

  holdBack(): () => void {
    return this.held.hold()
  }

  heldBack(): boolean {
    return this.held.held
  }

  register<T, R>(def: JobDefinition<T, R>): void {
    this.defs.set(def.name, def as JobDefinition)
  }

  async enqueue(name: string, data: unknown, opts: EnqueueOptions = {}): Promise<void> {
    const id = opts.jobId ?? crypto.randomUUID()
    const runAt = new Date(Date.now() + (opts.delayMs ?? 0))
    const maxAttempts = this.defs.get(name)?.attempts ?? this.config.JOB_ATTEMPTS
    const db: Db | PlatformTrx = opts.trx ?? this.db
    await db
      .insertInto('jobs')
      .values({ id, name, data: JSON.stringify(data ?? null), run_at: runAt, max_attempts: maxAttempts })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
    // Inside a transaction the row is not visible yet; whoever commits it wakes the queue (the relay does).
    if (!opts.trx) this.kick()
  }

  wake(): void {
    this.kick()
  }

  async schedule(name: string, everyMs: number): Promise<void> {
    this.schedules.set(name, everyMs)
    if (this.started) this.startSchedule(name, everyMs)
  }

  /** One job per period, its id naming the period: a restart within the period does not run it twice. */
  private startSchedule(name: string, everyMs: number) {
    const enqueue = () =>
      this.enqueue(name, {}, { jobId: `${name}@${Math.floor(Date.now() / everyMs)}` }).catch(
        (err) => this.stopping || this.log.warn({ err, job: name }, 'scheduling failed'),
      )
    void enqueue()
    const timer = setInterval(enqueue, everyMs)
    timer.unref()
    this.scheduleTimers.push(timer)
  }

  async run<R>(name: string, data: unknown, opts: { timeoutMs: number; jobId?: string }): Promise<R> {
    const id = opts.jobId ?? crypto.randomUUID()
    const result = new Promise<unknown>((resolve, reject) => {
      const timeout = setTimeout(() => {
        this.waiters.delete(id)
        reject(new JobTimeoutError(`job ${name} timed out`))
      }, opts.timeoutMs)
      this.waiters.set(id, {
        resolve: (v) => {
          clearTimeout(timeout)
          resolve(v)
        },
        reject: (e) => {
          clearTimeout(timeout)
          reject(e)
        },
      })
    })
    await this.enqueue(name, data, { jobId: id })
    return result as Promise<R>
  }

  async startWorkers(): Promise<void> {
    // A job left active by a process that died is picked up again.
    await this.db.updateTable('jobs').set({ status: 'waiting' }).where('status', '=', 'active').execute()
    this.stopping = false
    this.started = true
    for (const [name, everyMs] of this.schedules) this.startSchedule(name, everyMs)
    this.poll(this.pollMs)
  }

  private poll(delayMs: number) {
    if (this.stopping) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.ticking = this.tick().finally(() => {
        this.ticking = undefined
        const again = this.again
        this.again = false
        this.poll(again ? 0 : this.pollMs)
      })
    }, delayMs)
  }

  private kick() {
    if (!this.started || this.stopping) return
    if (this.ticking) this.again = true
    else this.poll(0)
  }

  private async tick() {
    try {
      while (!this.stopping && this.running < this.concurrency) {
        const job = await this.claim()
        if (!job) break
        this.running++
        const done = this.execute(job).finally(() => {
          this.running--
          // A slot is free: jobs that waited for one need not wait for the poll.
          this.kick()
        })
        this.idle = Promise.all([this.idle, done]).then(() => undefined)
      }
    } catch (err) {
      if (!this.stopping) this.log.error({ err }, 'embedded queue poll failed')
    }
  }

  private async claim() {
    const names = [...this.defs.keys()]
    if (names.length === 0) return undefined
    return this.db
      .updateTable('jobs')
      .set({ status: 'active', attempts: sql`attempts + 1`, updated_at: new Date() })
      .where(
        'id',
        '=',
        this.db
          .selectFrom('jobs')
          .select('id')
          .where('status', '=', 'waiting')
          .where('run_at', '<=', new Date())
          .where('name', 'in', names)
          .orderBy('run_at')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .executeTakeFirst()
  }

  private async execute(job: { id: string; name: string; data: unknown; attempts: number; max_attempts: number }) {
    const def = this.defs.get(job.name)!
    const log = this.log.child({ job: job.name, jobId: job.id, attempt: job.attempts })
    try {
      const result = await def.handler(job.data, {
        db: this.db,
        config: this.config,
        log,
        jobs: this,
        jobId: job.id,
        attempt: job.attempts,
        metrics: this.metrics,
        settings: this.settings,
      })
      await this.db
        .updateTable('jobs')
        .set({ status: 'completed', result: JSON.stringify(result ?? null), updated_at: new Date() })
        .where('id', '=', job.id)
        .execute()
      this.waiters.get(job.id)?.resolve(result)
      this.waiters.delete(job.id)
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e))
      const permanent = err.name === 'UnrecoverableError'
      const final = permanent || job.attempts >= job.max_attempts
      log.warn({ err, final }, 'job failed')
      this.metrics?.jobFailed(job.name)
      await this.db
        .updateTable('jobs')
        .set({
          status: final ? 'failed' : 'waiting',
          last_error: err.message,
          run_at: new Date(Date.now() + backoffDelay(this.config.JOB_BACKOFF_MS, job.attempts)),
          updated_at: new Date(),
        })
        .where('id', '=', job.id)
        .execute()
        // The row stays 'active' and is run again on the next start: never an unhandled rejection.
        .catch((dbErr) => log.error({ err: dbErr }, 'could not record the job failure'))
      // A caller waiting for the answer gets the first error: it has a deadline, the retries do not.
      this.waiters.get(job.id)?.reject(err)
      this.waiters.delete(job.id)
    }
  }

  async failed(limit = 50): Promise<FailedJob[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['id', 'name', 'attempts', 'last_error', 'updated_at'])
      .where('status', '=', 'failed')
      .orderBy('updated_at', 'desc')
      .limit(limit)
      .execute()
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      attempts: r.attempts,
      error: r.last_error,
      failedAt: r.updated_at.toISOString(),
    }))
  }

  async stats(): Promise<QueueStats[]> {
    const res = await sql<{ status: string; n: number; oldest: Date | null; delayed: number }>`
      select status, count(*)::int as n, count(*) filter (where run_at > now())::int as delayed,
             min(run_at) filter (where run_at <= now()) as oldest
        from jobs where status in ('waiting', 'active', 'failed') group by status`.execute(this.db)
    const of = (status: string) => res.rows.find((r) => r.status === status)
    const waiting = of('waiting')
    return [
      {
        queue: 'jobs',
        waiting: (waiting?.n ?? 0) - (waiting?.delayed ?? 0),
        active: of('active')?.n ?? 0,
        delayed: waiting?.delayed ?? 0,
        failed: of('failed')?.n ?? 0,
        oldestWaitingAgeMs: waiting?.oldest ? Math.max(0, Date.now() - waiting.oldest.getTime()) : 0,
      },
    ]
  }

  /**
   * Stops claiming, then waits for the poll and the jobs in flight (up to `deadlineMs`): call it before the database
   * closes. A job still running past the deadline stays 'active' and runs again on the next start.
   */
  async close(deadlineMs?: number): Promise<boolean> {
    this.stopping = true
    if (this.timer) clearTimeout(this.timer)
    for (const t of this.scheduleTimers.splice(0)) clearInterval(t)
    const finished = await within(
      (async () => {
        await this.ticking
        await this.idle
      })(),
      deadlineMs,
    )
    for (const w of this.waiters.values()) w.reject(new Error('queue closed'))
    this.waiters.clear()
    return finished
  }
}
