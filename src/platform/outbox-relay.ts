import type { FastifyBaseLogger } from 'fastify'
import type { Db, Trx } from './db'
import type { EventJobData, JobQueue, Subscription } from './jobs'

/** Channel the outbox trigger notifies on commit (migrations/0005_outbox_notify.sql). */
export const OUTBOX_CHANNEL = 'outbox_inserted'
/** The safety poll: what the relay falls back on if a notification is lost (listener reconnecting). */
export const OUTBOX_POLL_MS = 5000
/**
 * How long a wake-up waits for more commits before the relay pass starts. Under a burst of orders one pass then
 * carries dozens of events (one transaction, one relevance query per subscriber, one job per batch subscriber)
 * instead of one pass per commit; handlers start at most this much later.
 */
export const RELAY_GATHER_MS = 40

export interface RelayOptions {
  /** Subscribes to commit notifications; without it the relay only polls. */
  listen?: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>
  pollMs?: number
  gatherMs?: number
  /** Called with the event names of each committed relay pass (metrics count orders placed and paid from it). */
  onRelayed?: (events: string[]) => void
}

/**
 * Moves committed outbox rows to the job queue, one job per subscriber with the id `{eventId}__{subscriber}`.
 * A crash after the enqueue and before the row is marked re-sends the same ids, which the queue ignores.
 * Woken by the commit itself (LISTEN/NOTIFY, also under PGlite), with a slow poll as the safety net.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined
  private stopped = true
  private current: Promise<number> = Promise.resolve(0)
  /** A flush is queued and has not started: further wake-ups are covered by it. */
  private queued = false
  private unlisten: (() => Promise<void>) | undefined

  constructor(
    private db: Db,
    private jobs: JobQueue,
    private subscriptions: Subscription[],
    private log: FastifyBaseLogger,
    private opts: RelayOptions = {},
  ) {}

  async start() {
    this.stopped = false
    if (this.opts.listen) {
      try {
        this.unlisten = await this.opts.listen(OUTBOX_CHANNEL, () => this.wake())
      } catch (err) {
        this.log.warn({ err }, 'outbox relay cannot listen; polling only')
      }
    }
    // Whatever committed before we listened.
    this.wake()
    this.loop()
  }

  private loop() {
    if (this.stopped) return
    this.timer = setTimeout(async () => {
      await this.flush().catch((err) => this.stopped || this.log.error({ err }, 'outbox relay failed'))
      this.loop()
    }, this.opts.pollMs ?? OUTBOX_POLL_MS)
  }

  /** A burst of commits costs one or two relay passes, not one each. */
  private wake() {
    if (this.stopped || this.queued) return
    this.queued = true
    this.current = this.current
      .then(() => new Promise((r) => setTimeout(r, this.opts.gatherMs ?? RELAY_GATHER_MS)))
      .then(() => {
        this.queued = false
        return this.stopped ? 0 : this.relayBatch()
      })
      .catch((err) => {
        if (!this.stopped) this.log.error({ err }, 'outbox relay failed')
        return 0
      })
  }

  /** Relays everything pending now; returns how many events were relayed. */
  flush(): Promise<number> {
    this.current = this.current.then(() => this.relayBatch()).catch(() => 0)
    return this.current
  }

  private async relayBatch(): Promise<number> {
    let total = 0
    for (;;) {
      const relayed = await this.db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('outbox')
          .select(['id', 'event', 'payload'])
          .where('relayed_at', 'is', null)
          .orderBy('created_at')
          .limit(100)
          .forUpdate()
          .skipLocked()
          .execute()
        for (const sub of this.subscriptions) {
          const events = rows.filter((r) => r.event === sub.event.name)
          const wanted = await relevantTo(sub, events, trx)
          if (sub.batch) {
            const picked = events.filter((_, i) => wanted[i])
            if (picked.length === 0) continue
            const data: EventJobData = {
              event: sub.event.name,
              events: picked.map((r) => ({ eventId: r.id, payload: r.payload })),
            }
            // The same pass re-sent after a crash gets the same id; a pass grouped differently is a new job.
            const jobId = `${picked[0].id}..${picked.at(-1)!.id}.${picked.length}__${sub.name}`
            await this.jobs.enqueue(sub.name, data, { jobId, trx })
            continue
          }
          for (const [i, row] of events.entries()) {
            if (!wanted[i]) continue
            const data: EventJobData = { eventId: row.id, event: row.event, payload: row.payload }
            await this.jobs.enqueue(sub.name, data, { jobId: `${row.id}__${sub.name}`, trx })
          }
        }
        if (rows.length > 0) {
          await trx
            .updateTable('outbox')
            .set({ relayed_at: new Date() })
            .where(
              'id',
              'in',
              rows.map((r) => r.id),
            )
            .execute()
        }
        return rows
      })
      const n = relayed.length
      // The jobs are committed now: an in-process queue can start them without waiting for its poll.
      if (n > 0) this.jobs.wake?.()
      if (n > 0) this.opts.onRelayed?.(relayed.map((r) => r.event))
      total += n
      if (n < 100) return total
    }
  }

  async stop() {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await this.unlisten?.().catch(() => undefined)
    await this.current
  }
}

/** Which of `events` become jobs of `sub`: all of them unless it says otherwise; a payload it cannot read is kept. */
async function relevantTo(sub: Subscription, events: { payload: unknown }[], trx: Trx): Promise<boolean[]> {
  if (events.length === 0) return []
  if (!sub.relevant) return events.map(() => true)
  const parsed = events.map((e) => sub.event.schema.safeParse(e.payload))
  const readable = parsed.flatMap((p) => (p.success ? [p.data] : []))
  const answers = readable.length > 0 ? await sub.relevant(readable, trx) : []
  let next = 0
  return parsed.map((p) => !p.success || answers[next++] !== false)
}

/** Turns subscriptions into job definitions: the handler gets the parsed payload and the event id. */
export function registerSubscriptions(jobs: JobQueue, subscriptions: Subscription[]) {
  for (const sub of subscriptions) {
    jobs.register<EventJobData, void>({
      name: sub.name,
      attempts: sub.attempts,
      handler: (data, ctx) => {
        if ('events' in data) {
          const events = data.events.map((e) => ({ eventId: e.eventId, payload: sub.event.schema.parse(e.payload) }))
          return sub.batch ? sub.batch(events, ctx) : each(events, (e) => sub.handler(e.payload, { ...ctx, ...e }))
        }
        return sub.handler(sub.event.schema.parse(data.payload), { ...ctx, eventId: data.eventId })
      },
    })
  }
}

async function each<T>(items: T[], fn: (item: T) => Promise<void>) {
  for (const item of items) await fn(item)
}
