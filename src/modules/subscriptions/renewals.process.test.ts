/**
 * Two worker processes, kill -9 during a renewal (issue 36, Proof): production mode (an api process and two worker
 * processes, PostgreSQL, BullMQ on Redis), card subscriptions on the sandbox whose cycle 2 is due now (one made the
 * buyer's way, cloned in SQL: bench/support/renewals-seed.ts). Both workers run the billing scanner at the same time
 * (each one billing job: WORKER_CONCURRENCY 1, two jobs queued) and a worker is caught in the middle of a renewal by a
 * trigger that makes its database session wait on an advisory lock the test holds. Then the victim is killed with
 * SIGKILL and its sessions ended (what a dead process's connections come to); the survivor goes on, and takes the
 * victim's claimed cycles over once their lease (shortened here) lapses. Each renewal attempt records its charge's id
 * before the gateway call, so the survivor reads that charge back (at the gateway, by our reference) before any new
 * one. Two catch points:
 *
 * - before the gateway call (the sandbox's own insert): the gateway never saw the charge; the survivor learns so from
 *   the gateway, and charges once — one approved charge, the dead attempt UNKNOWN, the next one PAID;
 * - after the gateway approved the charge, before its answer was stored (our charge row's update): the survivor finds
 *   the approved charge at the gateway and settles the cycle on the dead worker's own attempt — never a second charge.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import pg from 'pg'
import { afterEach, expect, it } from 'vitest'
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
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn().catch(() => undefined)
})

const CLONES = 60
const LEASE_MS = 15_000
const HOLD = 36_036
const SURVIVOR_HOLD = 36_037
const VICTIM = 'renewals-victim'
const SURVIVOR = 'renewals-survivor'

const okStatus = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(3000) }).then(
    (r) => r.status === 200,
    () => false,
  )

/** An api and two workers on a fresh database, a sandbox store, CLONES card subscriptions whose cycle 2 is due. */
async function cluster(tag: string) {
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
    email: `assinaturas-${tag}@renewals.example.com`,
    storeName: 'Loja Assinaturas',
    sandboxKey: `sk_sandbox_renewals_process_${tag}`,
  })
  const template = await subscribeByCard(call, sql, store, `modelo-${tag}@renewals.example.com`)
  const ids = await cloneSubscriptions(sql, template.subscriptionId, CLONES, tag)

  const holder = new pg.Client({ connectionString: database.url })
  await holder.connect()
  cleanup.push(() => holder.end())
  await holder.query('select pg_advisory_lock($1)', [HOLD])
  /** Sessions of `app` waiting at the catch. */
  const caught = async (app: string) => {
    const { rows } = await sql.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where application_name = $1 and wait_event_type = 'Lock' and wait_event = 'advisory'`,
      [app],
    )
    return rows[0]!.n
  }

  const queueConnection = new Redis(TEST_REDIS, { maxRetriesPerRequest: null })
  const queue = new Queue('jobs', { connection: queueConnection, prefix })
  cleanup.push(async () => {
    await queue.close()
    await queueConnection.quit()
  })
  /** Due now, and one billing run for each worker (the minute's tick, asked at once). */
  const bill = async () => {
    expect(await releaseDue(sql, ids)).toBe(CLONES)
    await queue.add('subscriptions.billing', {}, { jobId: 'billing-a' })
    await queue.add('subscriptions.billing', {}, { jobId: 'billing-b' })
  }
  /** Kills the victim (its waiting sessions cut, their statements never run), then lets the survivor through. */
  const kill = async () => {
    await victim.crash()
    expect(await victim.exited).toBe('SIGKILL')
    await sql.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [VICTIM])
    await waitFor(async () => (await caught(VICTIM)) === 0, 30_000, 50)
    await holder.query('select pg_advisory_unlock($1)', [HOLD])
  }
  /**
   * The survivor bills the rest, and the victim's claimed cycles once their lease lapsed: a later billing run takes
   * them (the minute's tick, asked here whenever the queue is idle). Waits until every cycle 2 is PAID with its
   * order PAID (payments' events reach it).
   */
  const settled = () =>
    waitFor(
      async () => {
        const { rows } = await sql.query<{ paid: number; orders: number }>(
          `select count(*) filter (where status = 'PAID')::int as paid,
                  (select count(*)::int from orders where subscription_id = any($1::uuid[]) and cycle_number = 2
                     and status = 'PAID') as orders
           from subscription_cycles where subscription_id = any($1::uuid[]) and number = 2`,
          [ids],
        )
        if (rows[0]!.paid === CLONES && rows[0]!.orders === CLONES) return true
        const counts = await queue.getJobCounts('waiting', 'active')
        if (counts.waiting + counts.active === 0)
          await queue.add('subscriptions.billing', {}, { removeOnComplete: true, removeOnFail: true })
        return false
      },
      150_000,
      250,
    )
  /** Cycle 2 of every subscription: its attempts, orders, our charge rows and the gateway's (sandbox's) charges. */
  const cycles = async () => {
    const { rows } = await sql.query<{
      order_id: string
      status: string
      attempts: string[]
      paid_orders: number
      orders: number
      our_charges: number
      charges: number
      approved: number
    }>(
      `select c.order_id, c.status,
         array(select a.status from subscription_attempts a where a.cycle_id = c.id order by a.number) as attempts,
         (select count(*)::int from orders o where o.subscription_id = c.subscription_id and o.cycle_number = 2
            and o.status = 'PAID') as paid_orders,
         (select count(*)::int from orders o where o.subscription_id = c.subscription_id and o.cycle_number = 2)
            as orders,
         (select count(*)::int from payment_transactions t where t.order_ref = c.order_id::text) as our_charges,
         (select count(*)::int from payment_sandbox_transactions s
            where s.metadata->>'orderRef' = c.order_id::text) as charges,
         (select count(*)::int from payment_sandbox_transactions s
            where s.metadata->>'orderRef' = c.order_id::text and s.status = 'PAID') as approved
       from subscription_cycles c where c.subscription_id = any($1::uuid[]) and c.number = 2`,
      [ids],
    )
    expect(rows).toHaveLength(CLONES)
    return rows
  }
  return { sql, survivor, caught, bill, kill, settled, cycles }
}

it('killed -9 before the gateway call: the survivor learns from the gateway that nothing was charged, and charges once', async () => {
  const c = await cluster('before')
  // The catch: a worker's session inserting the gateway's (sandbox's) charge waits while the test holds HOLD.
  await c.sql.query(`
    create function renewals_catch() returns trigger language plpgsql as $$
    begin
      if current_setting('application_name') in ('${VICTIM}', '${SURVIVOR}') then
        perform pg_advisory_xact_lock_shared(${HOLD});
      end if;
      return new;
    end $$;
    create trigger renewals_catch before insert on payment_sandbox_transactions
      for each row execute function renewals_catch();`)
  await c.bill()
  await waitFor(async () => (await c.caught(VICTIM)) > 0 && (await c.caught(SURVIVOR)) > 0, 90_000, 50)
  // Both in the middle of a renewal: the order placed, the attempt PENDING with its charge's id, the charge row
  // written, the gateway not. Every lane ends up waiting there; one may still be between its attempt and its charge
  // row when the first lanes are caught, so the state is read once it holds for all of them.
  const inFlight = async () =>
    (
      await c.sql.query<{ n: number; open: number }>(
        `select count(*)::int as n, count(t.id)::int as open
         from subscription_attempts a join subscription_cycles c on c.id = a.cycle_id
         left join payment_transactions t on t.id = a.transaction_id and t.status = 'CREATING'
         where a.status = 'PENDING'`,
      )
    ).rows[0]!
  await waitFor(async () => {
    const { n, open } = await inFlight()
    return n >= 2 && open === n
  }, 30_000)
  const cut = await c.caught(VICTIM)
  await c.kill()
  await c.settled()
  expect(c.survivor.alive()).toBe(true)

  const rows = await c.cycles()
  // Every cycle paid once: one order, one approved charge at the gateway, one PAID attempt.
  expect(
    rows.filter(
      (r) =>
        r.status !== 'PAID' ||
        r.orders !== 1 ||
        r.paid_orders !== 1 ||
        r.charges !== 1 ||
        r.approved !== 1 ||
        r.attempts.filter((a) => a === 'PAID').length !== 1,
    ),
  ).toEqual([])
  // The victim's cut renewals: their charge never reached the gateway (the gateway said so when asked), so the dead
  // attempt is UNKNOWN and the survivor's own attempt charged — two charge rows of ours, one at the gateway. Those
  // the victim was caught in, and at most one per billing lane it ran.
  const retaken = rows.filter((r) => r.attempts.length > 1)
  expect(retaken.length).toBeGreaterThanOrEqual(cut)
  expect(retaken.length).toBeLessThanOrEqual(LANES)
  for (const r of retaken) expect(r).toMatchObject({ attempts: ['UNKNOWN', 'PAID'], our_charges: 2, charges: 1 })
}, 300_000)

it('killed -9 after the gateway approved, before the answer was stored: read back, never charged again', async () => {
  const c = await cluster('after')
  // The catch: the victim's session storing the gateway's answer on our charge row (CREATING → decided) waits. The
  // survivor waits there too (on a hold of its own) until the victim is caught: otherwise a fast survivor could bill
  // every cycle, and take the victim's billing job as well, before the victim's first charge.
  const survivorHold = await c.sql.connect()
  cleanup.push(async () => survivorHold.release())
  await survivorHold.query('select pg_advisory_lock($1)', [SURVIVOR_HOLD])
  await c.sql.query(`
    create function renewals_catch() returns trigger language plpgsql as $$
    begin
      if old.status = 'CREATING' and new.status <> 'CREATING' then
        if current_setting('application_name') = '${VICTIM}' then
          perform pg_advisory_xact_lock_shared(${HOLD});
        elsif current_setting('application_name') = '${SURVIVOR}' then
          perform pg_advisory_xact_lock_shared(${SURVIVOR_HOLD});
        end if;
      end if;
      return new;
    end $$;
    create trigger renewals_catch before update on payment_transactions
      for each row execute function renewals_catch();`)
  await c.bill()
  await waitFor(async () => (await c.caught(VICTIM)) > 0 && (await c.caught(SURVIVOR)) > 0, 90_000, 50)
  await survivorHold.query('select pg_advisory_unlock($1)', [SURVIVOR_HOLD])
  // Give its other billing lanes the moment to reach the catch too, then kill: each one caught has a charge the
  // gateway approved while ours is still CREATING.
  const lostAnswers = async () =>
    (
      await c.sql.query<{ order_ref: string }>(
        `select t.order_ref from payment_transactions t
         join payment_sandbox_transactions s on s.metadata->>'paymentId' = t.id::text and s.status = 'PAID'
         where t.status = 'CREATING'`,
      )
    ).rows
  await waitFor(async () => (await c.caught(VICTIM)) >= Math.min(LANES, 2), 10_000, 50).catch(() => undefined)
  await c.kill()
  // Once the victim is dead its lost answers are fixed: approved at the gateway, our charge row still CREATING.
  const lost = await lostAnswers()
  expect(lost.length).toBeGreaterThanOrEqual(1)
  await c.settled()
  expect(c.survivor.alive()).toBe(true)

  const rows = await c.cycles()
  // Every cycle, the victim's lost answers included: one attempt, PAID; one charge of ours, one at the gateway.
  expect(
    rows.filter(
      (r) =>
        r.status !== 'PAID' ||
        r.orders !== 1 ||
        r.paid_orders !== 1 ||
        r.our_charges !== 1 ||
        r.charges !== 1 ||
        r.approved !== 1 ||
        r.attempts.join() !== 'PAID',
    ),
  ).toEqual([])
  const lostOrders = new Set(lost.map((l) => l.order_ref))
  expect(rows.filter((r) => lostOrders.has(r.order_id))).toHaveLength(lost.length)
}, 300_000)
