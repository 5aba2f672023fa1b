/**
 * Named (prepared) statements for the statements a process sends again and again. Unnamed, PostgreSQL parses,
 * analyses and plans every statement it receives; named, it does that once per connection and then only binds and
 * runs it. Measured on the checkout's order path (four statements, one a six-part CTE of 68 parameters): the
 * database's CPU per order fell from 2.4 ms to 1.8 ms (bench/order-create.bench.ts, api alone).
 *
 * Bounded, because every name costs memory in each server session that prepared it: a text is named from its
 * HOT_AFTER-th use (one-off statements — migrations, reports with their own filters — stay unnamed) and at most
 * MAX_NAMES texts per process are. Only parameterised statements are named: a statement without parameters may be
 * several commands in one text, which only the simple protocol takes.
 *
 * A prepared `select *` refuses to run once its table gained a column ("cached plan must not change result type",
 * a migration of a newer release during a rolling deploy): that text gets a new name, so each session prepares it
 * afresh, and the statement is sent again unnamed when no transaction is open (inside one, the error stands and
 * the transaction's caller retries as for any failure).
 */
import type pg from 'pg'

export const HOT_AFTER = 3
export const MAX_NAMES = 400
/** How many distinct texts are counted before the counts start over (a bound on memory, not on correctness). */
const MAX_COUNTED = 5000

/** The process's choice of names: shared by every connection, so a text has one name everywhere. */
export class StatementNames {
  private names = new Map<string, string>()
  private uses = new Map<string, number>()
  private next = 0

  /** The name to send `text` under, or undefined while it is not hot (or no name is left). */
  nameOf(text: string): string | undefined {
    const known = this.names.get(text)
    if (known) return known
    if (this.names.size >= MAX_NAMES) return undefined
    const uses = (this.uses.get(text) ?? 0) + 1
    if (uses < HOT_AFTER) {
      if (this.uses.size >= MAX_COUNTED) this.uses.clear()
      this.uses.set(text, uses)
      return undefined
    }
    this.uses.delete(text)
    const name = `s${this.next++}`
    this.names.set(text, name)
    return name
  }

  /** Its prepared plan is stale in every session: the next use prepares it under a new name. */
  rename(text: string): void {
    if (this.names.has(text)) this.names.set(text, `s${this.next++}`)
  }

  get size(): number {
    return this.names.size
  }
}

const PREPARED = Symbol('prepared statements')
const STALE_PLAN = /cached plan must not change result type/

/**
 * Sends `client`'s parameterised statements under `names` (idempotent: a pooled client is patched once). Only the
 * `query(text, values)` form kysely and our SQL use is named; every other form passes through unchanged.
 */
export function nameStatements(client: pg.PoolClient, names: StatementNames): pg.PoolClient {
  const patched = client as pg.PoolClient & { [PREPARED]?: true }
  if (patched[PREPARED]) return client
  patched[PREPARED] = true
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  let inTransaction = false
  ;(client as { query: unknown }).query = (first: unknown, values?: unknown, callback?: unknown) => {
    if (typeof first !== 'string') return query(first, values, callback)
    if (!Array.isArray(values) || values.length === 0 || typeof callback === 'function') {
      inTransaction = transactionAfter(first, inTransaction)
      return query(first, values, callback)
    }
    const name = names.nameOf(first)
    if (!name) return query(first, values)
    const named = query({ name, text: first, values }) as Promise<unknown>
    return named.catch((err: unknown) => {
      if (!(err instanceof Error) || !STALE_PLAN.test(err.message)) throw err
      names.rename(first)
      if (inTransaction) throw err
      return query(first, values)
    })
  }
  return client
}

/** Whether a transaction is open after `text` ran (kysely opens and ends them with these words, unparameterised). */
function transactionAfter(text: string, open: boolean): boolean {
  const word = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase()
  if (word === 'begin' || word === 'start') return true
  if (word === 'rollback' && /\bto\b/i.test(text)) return open
  if (word === 'commit' || word === 'rollback' || word === 'end' || word === 'abort') return false
  return open
}
