import type { FastifyBaseLogger } from 'fastify'
import type { Db } from './db'
import type { EventJobData, JobQueue, Subscription } from './jobs'

/** Channel the outbox trigger notifies on commit (migrations/0005_outbox_notify.sql). */
export const OUTBOX_CHANNEL = 'outbox_inserted'
/** The safety poll: what the relay falls back on if a notification is lost (listener reconnecting). */
export const OUTBOX_POLL_MS = 5000

export interface RelayOptions {
  /** Subscribes to commit notifications; without it the relay only polls. */
  listen?: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>
  pollMs?: number
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
      const n = await this.db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('outbox')
          .select(['id', 'event', 'payload'])
          .where('relayed_at', 'is', null)
          .orderBy('created_at')
          .limit(100)
          .forUpdate()
          .skipLocked()
          .execute()
        for (const row of rows) {
          for (const sub of this.subscriptions.filter((s) => s.event.name === row.event)) {
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
        return rows.length
      })
      // The jobs are committed now: an in-process queue can start them without waiting for its poll.
      if (n > 0) this.jobs.wake?.()
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

/** Turns subscriptions into job definitions: the handler gets the parsed payload and the event id. */
export function registerSubscriptions(jobs: JobQueue, subscriptions: Subscription[]) {
  for (const sub of subscriptions) {
    jobs.register<EventJobData, void>({
      name: sub.name,
      attempts: sub.attempts,
      handler: (data, ctx) => sub.handler(sub.event.schema.parse(data.payload), { ...ctx, eventId: data.eventId }),
    })
  }
}
