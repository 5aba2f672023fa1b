import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, testConfig } from '../testing/test-app'
import type { Db } from './db'
import {
  claimDelivery,
  DELIVERY_JOB_ATTEMPTS,
  type DeliveryBase,
  type DeliveryChannel,
  retryScheduleMs,
  settleDelivery,
  staleClaims,
  sweepJobId,
} from './delivery-claim'

type Row = DeliveryBase & { subject: string; kind: string; http_status: number | null; sent_at: Date | null }

const channel: DeliveryChannel = {
  table: 'test_deliveries',
  key: ['subject', 'kind'],
  claimable: ['RETRY'],
  staleMs: 60_000,
}

let database: Awaited<ReturnType<typeof createDatabase>>
let db: Db
beforeAll(async () => {
  database = await createDatabase()
  db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url }) }) })
  await sql`create table test_deliveries (
    id uuid primary key default gen_random_uuid(),
    subject text not null, kind text not null,
    state text not null, attempts integer not null default 0,
    http_status integer, error text, claimed_at timestamptz, sent_at timestamptz,
    unique (subject, kind))`.execute(db)
})
afterAll(async () => {
  await db.destroy()
  await database.drop()
})

const claim = (subject: string, kind = 'paid') => claimDelivery<Row>(db, channel, { subject, kind })
/** Makes a claim look as old as a dead worker's. */
const age = (subject: string, ms: number) =>
  sql`update test_deliveries set claimed_at = now() - (${ms} * interval '1 millisecond') where subject = ${subject}`.execute(
    db,
  )

describe('delivery claims', () => {
  it('claims a new delivery once: a second job finds a fresh claim busy', async () => {
    const first = await claim('a')
    expect(first.kind).toBe('claimed')
    if (first.kind === 'claimed') expect(first.row.attempts).toBe(1)
    expect((await claim('a')).kind).toBe('busy')
    // Another kind of the same subject is its own delivery.
    expect((await claim('a', 'refunded')).kind).toBe('claimed')
  })

  it('re-claims a stale claim exactly once, even when several jobs race for it', async () => {
    await claim('b')
    await age('b', 61_000)
    const results = await Promise.all(Array.from({ length: 5 }, () => claim('b')))
    const won = results.filter((r) => r.kind === 'claimed')
    expect(won).toHaveLength(1)
    expect(results.filter((r) => r.kind === 'busy')).toHaveLength(4)
    if (won[0]?.kind === 'claimed') expect(won[0].row.attempts).toBe(2)
  })

  it('never sends a settled delivery again, and a stale owner cannot overwrite the new claim', async () => {
    const first = await claim('c')
    if (first.kind !== 'claimed') throw new Error('not claimed')
    await age('c', 61_000)
    const second = await claim('c')
    if (second.kind !== 'claimed') throw new Error('not re-claimed')
    // The first owner wakes up late: its outcome is refused.
    expect(await settleDelivery(db, channel, first.row, { state: 'FAILED', http_status: 500, error: 'late' })).toBe(
      false,
    )
    expect(
      await settleDelivery(db, channel, second.row, {
        state: 'SENT',
        http_status: 200,
        error: null,
        sent_at: new Date(),
      }),
    ).toBe(true)
    const again = await claim('c')
    expect(again.kind).toBe('settled')
    if (again.kind === 'settled') expect(again.row).toMatchObject({ state: 'SENT', http_status: 200, attempts: 2 })
    await age('c', 600_000)
    expect((await claim('c')).kind).toBe('settled')
  })

  it('takes a delivery waiting for its retry, counting the attempt', async () => {
    const first = await claim('d')
    if (first.kind !== 'claimed') throw new Error('not claimed')
    await settleDelivery(db, channel, first.row, { state: 'RETRY', http_status: 503, error: 'fora do ar' })
    const retry = await claim('d')
    expect(retry.kind).toBe('claimed')
    if (retry.kind === 'claimed') expect(retry.row).toMatchObject({ attempts: 2, state: 'SENDING' })
  })

  it('lists only stale SENDING rows for the sweeper, oldest first, with one job id per attempt', async () => {
    await claim('e')
    await claim('f')
    await age('e', 70_000)
    await age('f', 90_000)
    const stale = await staleClaims<Row>(db, channel)
    const subjects = stale.map((r) => r.subject).filter((s) => s === 'e' || s === 'f')
    expect(subjects).toEqual(['f', 'e'])
    expect(stale.some((r) => r.subject === 'a')).toBe(false)
    const f = stale.find((r) => r.subject === 'f')!
    expect(sweepJobId(channel, f)).toBe(sweepJobId(channel, { ...f }))
    expect(sweepJobId(channel, f)).not.toBe(sweepJobId(channel, { ...f, attempts: f.attempts + 1 }))
  })

  it("outlasts the stale window with the delivery job's retries (production defaults)", () => {
    const config = testConfig({ JOB_BACKOFF_MS: undefined })
    expect(retryScheduleMs(DELIVERY_JOB_ATTEMPTS, config.JOB_BACKOFF_MS)).toBeGreaterThan(
      2 * config.DELIVERY_CLAIM_STALE_MS,
    )
  })
})
