import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { salePostings } from './ledger'
import { accountBalances, orderBalances, postTransaction, unbalancedTransactions } from './ledger.repository'
import type { Db } from './tables'

let t: TestApp
let db: Db
beforeAll(async () => {
  t = await createTestApp({ redis: false })
  db = t.runtime.db as unknown as Db
})
afterAll(() => t.close())

const storeId = randomUUID()

function sale(orderId: string, key = `sale:${orderId}`) {
  return {
    key,
    storeId,
    orderId,
    kind: 'SALE' as const,
    at: new Date(),
    entries: salePostings({
      totalCents: 10_000,
      feeCents: 0,
      shares: [
        { commissionId: null, account: 'user:aff', amountCents: 3_000 },
        { commissionId: null, account: `store:${storeId}`, amountCents: 7_000 },
      ],
    }),
  }
}

describe('ledger in the database', () => {
  it('posts once per key: the same order event twice leaves one sale', async () => {
    const orderId = randomUUID()
    expect(await db.transaction().execute((trx) => postTransaction(trx, sale(orderId)))).toBe(true)
    expect(await db.transaction().execute((trx) => postTransaction(trx, sale(orderId)))).toBe(false)
    const balances = await accountBalances(db, 'user:aff')
    expect(balances).toEqual([{ storeId, bucket: 'PENDING', cents: 3_000 }])
    expect((await orderBalances(db, orderId)).reduce((a, b) => a + b.cents, 0)).toBe(0)
  })

  it('refuses at commit a transaction whose entries do not sum to zero', async () => {
    const orderId = randomUUID()
    const bad = sale(orderId)
    bad.entries = bad.entries.map((e) => (e.account === 'user:aff' ? { ...e, amountCents: 3_001 } : e))
    await expect(db.transaction().execute((trx) => postTransaction(trx, bad))).rejects.toThrow(/does not balance/)
    expect(await orderBalances(db, orderId)).toEqual([])
    expect(await unbalancedTransactions(db)).toEqual([])
  })

  it('is append-only: an entry cannot be edited or deleted', async () => {
    await expect(db.updateTable('ledger_entries').set({ amount_cents: 1 }).execute()).rejects.toThrow(/append-only/)
    await expect(db.deleteFrom('ledger_entries').execute()).rejects.toThrow(/append-only/)
  })
})
