/**
 * Two worker processes, kill -9 during a renewal (issue 36, Proof): production mode (an api process and two worker
 * processes, PostgreSQL, BullMQ on Redis), card subscriptions on the sandbox whose cycle 2 is due now (one made the
 * buyer's way, cloned in SQL: bench/support/renewals-seed.ts). Both workers run the billing scanner at the same time
 * (each one billing job: WORKER_CONCURRENCY 1, two jobs queued) and each is caught in the middle of a renewal — its
 * order placed, its attempt written, its charge row written — by a trigger that makes that worker's database session
 * wait on an advisory lock the test holds. Then the victim is killed with SIGKILL and its sessions ended (what a dead
 * process's connections come to); the survivor goes on, and takes the victim's claimed cycles over once their lease
 * (shortened here) lapses. At the end no cycle was charged twice at the gateway; every cycle but the victim's cut
 * ones has exactly one PAID attempt, one PAID order and one approved charge.
 *
 * The catch point is before the gateway call (the sandbox's own insert): the victim's cut charges never reached the
 * gateway. The survivor, taking those cycles over, is refused a second charge while the dead worker's charge row is
 * still open (payments' one-payable-charge-per-order index): the attempts end UNKNOWN and the retry schedule applies
 * (+1 day), after payments' abandoned-charge sweep has failed the dead row (charges older than 2 min, every minute).
 * A kill after the gateway charged, before its answer is written, is settled by that same sweep reading the charge
 * back from the gateway (minutes in real time): not what this test waits for.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import pg from 'pg'
import { afterAll, expect, it } from 'vitest'
import { apiClient } from '../../../bench/support/production-app'
import {
  cloneSubscriptions,
  releaseDue,
  subscribeByCard,
  subscriptionStore,
} from '../../../bench/support/renewals-seed'
import { type AppProcess, ENTRY, freePort, startProcess } from '../../testing/processes'
import { clearRedisPrefix, createDatabase, TEST_REDIS, waitFor } from '../../testing/test-app'
import { LANES } from './billing'

const cleanup: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => undefined)
})

const CLONES = 60
const LEASE_MS = 15_000
const HOLD = 36_036
const VICTIM = 'renewals-victim'
const SURVIVOR = 'renewals-survivor'

const okStatus = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(3000) }).then(
    (r) => r.status === 200,
    () => false,
  )

it('two workers bill the same due cycles; one killed -9 mid-renewal: no cycle charged twice, one paid attempt, order and charge per paid cycle', async () => {
  const database = await createDatabase()
  cleanup.push(() => database.drop())
  const prefix = `test-renewals-${randomUUID().slice(0, 8)}`
  cleanup.push(() => clearRedisPrefix(prefix))
  const dataDir = mkdtempSync(path.join(tmpdir(), 'checkout-renewals-'))
  cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }))
  const sql = new pg.Pool({ connectionString: database.url, max: 3 })
  cleanup.push(() => sql.end())

  const common = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    APP_SECRET: 'renewals-test-secret-that-is-long-enough-0123456789',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS,
    QUEUE_PREFIX: prefix,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    ATIVOPAY_API_URL: '',
    SMTP_URL: '',
    SEED_DEMO: '0',
    PASSWORD_HASH_COST: '4',
    RATE_LIMIT_AUTH_MAX: '1000',
    RATE_LIMIT_ORDER_MAX: '100000',
    JOB_BACKOFF_MS: '200',
    DB_POOL_MAX: '8',
    SUBSCRIPTION_CLAIM_LEASE_MS: String(LEASE_MS),
  }
  const processes: AppProcess[] = []
  cleanup.push(() => Promise.all(processes.map((p) => p.crash())))
  const [apiPort, health1, health2] = await Promise.all([1, 2, 3].map(() => freePort()))
  const api = startProcess('api', ENTRY.api, {
    ...common,
    PORT: String(apiPort),
    PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
  })
  processes.push(api)
  const startWorker = (name: string, healthPort: number) => {
    // One job at a time: each worker takes exactly one of the two billing runs queued below. PGAPPNAME names its
    // database sessions, so the test can catch them.
    const p = startProcess(name, ENTRY.worker, {
      ...common,
      PORT: '0',
      WORKER_HEALTH_PORT: String(healthPort),
      WORKER_CONCURRENCY: '1',
      PGAPPNAME: name,
    })
    processes.push(p)
    return { ...p, ready: `http://127.0.0.1:${healthPort}/health/ready` }
  }
  const victim = startWorker(VICTIM, health1!)
  const survivor = startWorker(SURVIVOR, health2!)
  const ready = (p: Pick<AppProcess, 'name' | 'alive' | 'exited'>, url: string) =>
    waitFor(
      async () => {
        if (!p.alive()) throw new Error(`${p.name} exited before becoming ready (${await p.exited})`)
        return okStatus(url)
      },
      90_000,
      100,
    )
  await Promise.all([
    ready(api, `http://127.0.0.1:${apiPort}/api/health/ready`),
    ready(victim, victim.ready),
    ready(survivor, survivor.ready),
  ])

  const call = apiClient(`http://127.0.0.1:${apiPort}`)
  const store = await subscriptionStore(call, {
    email: 'assinaturas@renewals.example.com',
    storeName: 'Loja Assinaturas',
    sandboxKey: 'sk_sandbox_renewals_process_01',
  })
  const template = await subscribeByCard(call, sql, store, 'modelo@renewals.example.com')
  const ids = await cloneSubscriptions(sql, template.subscriptionId, CLONES, 'kill9')

  // The catch: a worker's session inserting the gateway's (sandbox's) charge waits while the test holds HOLD.
  const holder = new pg.Client({ connectionString: database.url })
  await holder.connect()
  cleanup.push(() => holder.end())
  await holder.query('select pg_advisory_lock($1)', [HOLD])
  await sql.query(`
    create function renewals_catch() returns trigger language plpgsql as $$
    begin
      if current_setting('application_name') in ('${VICTIM}', '${SURVIVOR}') then
        perform pg_advisory_xact_lock_shared(${HOLD});
      end if;
      return new;
    end $$;
    create trigger renewals_catch before insert on payment_sandbox_transactions
      for each row execute function renewals_catch();`)
  const caught = async (app: string) => {
    const { rows } = await sql.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where application_name = $1 and wait_event_type = 'Lock' and wait_event = 'advisory'`,
      [app],
    )
    return rows[0]!.n
  }

  // Due now, and one billing run for each worker (the minute's tick, asked at once).
  expect(await releaseDue(sql, ids)).toBe(CLONES)
  const queueConnection = new Redis(TEST_REDIS, { maxRetriesPerRequest: null })
  const queue = new Queue('jobs', { connection: queueConnection, prefix })
  cleanup.push(async () => {
    await queue.close()
    await queueConnection.quit()
  })
  await queue.add('subscriptions.billing', {}, { jobId: 'billing-a' })
  await queue.add('subscriptions.billing', {}, { jobId: 'billing-b' })
  await waitFor(async () => (await caught(VICTIM)) > 0 && (await caught(SURVIVOR)) > 0, 90_000, 50)

  // Both in the middle of a renewal: the order placed, the attempt PENDING, the charge row written, the gateway not.
  const { rows: inFlight } = await sql.query<{ n: number }>(
    `select count(*)::int as n from subscription_attempts a join subscription_cycles c on c.id = a.cycle_id
     where c.subscription_id = any($1::uuid[]) and a.status = 'PENDING'`,
    [ids],
  )
  expect(inFlight[0]!.n).toBeGreaterThanOrEqual(2)
  const cut = await caught(VICTIM)
  await victim.crash()
  expect(await victim.exited).toBe('SIGKILL')
  // A dead process's connections end: its waiting sessions are cut, their statements never run.
  await sql.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [VICTIM])
  await waitFor(async () => (await caught(VICTIM)) === 0, 30_000, 50)
  await holder.query('select pg_advisory_unlock($1)', [HOLD])

  // The survivor bills the rest, and the victim's claimed cycles once their lease lapsed: a later billing run takes
  // them (the minute's tick, asked here whenever the queue is idle).
  await waitFor(
    async () => {
      // Settled: PAID, or waiting for a later retry; and each PAID cycle's order PAID (payments' events reach it).
      const { rows } = await sql.query<{ settled: number; paid: number; orders: number }>(
        `select count(*) filter (where status = 'PAID' or (lease_until is null and next_attempt_at > now()))::int
                  as settled,
                count(*) filter (where status = 'PAID')::int as paid,
                (select count(*)::int from orders where subscription_id = any($1::uuid[]) and cycle_number = 2
                   and status = 'PAID') as orders
         from subscription_cycles where subscription_id = any($1::uuid[]) and number = 2`,
        [ids],
      )
      if (rows[0]!.settled === CLONES && rows[0]!.orders === rows[0]!.paid) return true
      const counts = await queue.getJobCounts('waiting', 'active')
      if (counts.waiting + counts.active === 0)
        await queue.add('subscriptions.billing', {}, { removeOnComplete: true, removeOnFail: true })
      return false
    },
    150_000,
    250,
  )
  expect(survivor.alive()).toBe(true)

  const { rows } = await sql.query<{
    status: string
    retry_in_hours: number | null
    attempts: string[]
    paid_orders: number
    orders: number
    our_charges: number
    charges: number
    approved: number
  }>(
    `select c.status, extract(epoch from c.next_attempt_at - c.due_at)::int / 3600 as retry_in_hours,
       array(select a.status from subscription_attempts a where a.cycle_id = c.id order by a.number) as attempts,
       (select count(*)::int from orders o where o.subscription_id = c.subscription_id and o.cycle_number = 2
          and o.status = 'PAID') as paid_orders,
       (select count(*)::int from orders o where o.subscription_id = c.subscription_id and o.cycle_number = 2) as orders,
       (select count(*)::int from payment_transactions t where t.order_ref = c.order_id::text) as our_charges,
       (select count(*)::int from payment_sandbox_transactions s
          where s.metadata->>'orderRef' = c.order_id::text) as charges,
       (select count(*)::int from payment_sandbox_transactions s
          where s.metadata->>'orderRef' = c.order_id::text and s.status = 'PAID') as approved
     from subscription_cycles c where c.subscription_id = any($1::uuid[]) and c.number = 2`,
    [ids],
  )
  expect(rows).toHaveLength(CLONES)
  // No cycle was ever charged twice at the gateway, and every cycle has one order.
  expect(rows.filter((r) => r.charges > 1 || r.orders !== 1)).toEqual([])
  const paid = rows.filter((r) => r.status === 'PAID')
  const interrupted = rows.filter((r) => r.status !== 'PAID')
  // Every cycle the victim did not leave mid-call — the survivor's own, and the victim's claimed but not started,
  // taken over after their lease — has exactly one PAID attempt, one PAID order and one approved charge.
  expect(
    paid.filter(
      (r) =>
        r.attempts.filter((a) => a === 'PAID').length !== 1 ||
        r.paid_orders !== 1 ||
        r.charges !== 1 ||
        r.approved !== 1,
    ),
  ).toEqual([])
  // The victim's renewals cut before the gateway call: nothing reached the gateway, and the survivor charged none of
  // them again while the dead worker's charge row is still open (one payable charge per order): their attempts are
  // UNKNOWN and the retry schedule applies (the first retry one day after the due date), no PAID attempt.
  // Those the victim was caught in, and at most one per billing lane it ran.
  expect(interrupted.length).toBeGreaterThanOrEqual(cut)
  expect(interrupted.length).toBeLessThanOrEqual(LANES)
  for (const r of interrupted) {
    expect(r).toMatchObject({ status: 'PENDING', retry_in_hours: 24, paid_orders: 0, charges: 0, our_charges: 1 })
    expect(r.attempts.every((a) => a === 'UNKNOWN')).toBe(true)
  }
}, 300_000)
