// A statement composed of several modules' parts is type-checked against the tables it writes (issue 31, item 3).
// Each `@ts-expect-error` is a probe: `tsc --noEmit` fails on it if the composed types ever go back to `any`.
import type { Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { publishing } from '../platform/events'
import type { Companion, ComposedColumns, Database } from './database'
import { orderPlaced } from './ordering/events'

const probes = {
  // A charge part naming a column payment_transactions does not have.
  charge: (): Companion<'payment_transactions'> => (qc) =>
    // @ts-expect-error unknown column
    qc.insertInto('payment_transactions').values({ no_such_column: 1 }),
  // A column computed alongside another module's row, reading a table nobody declared.
  // @ts-expect-error unknown table
  column: (eb: ComposedColumns) => eb.selectFrom('no_such_table').selectAll(),
  // An order's event part is the outbox's, typed against the whole database.
  // @ts-expect-error a part writes the table it names
  event: (): Companion<'orders'> => publishing(orderPlaced, {} as never),
  // What a composed statement may write: any module's table, checked column by column.
  counter: (db: Kysely<Database>) =>
    db.with('n', (qc) => qc.insertInto('order_counters').values({ store_id: 's', last_number: 1001 })),
}

describe('composed statements', () => {
  it('are type-checked (the probes are compile-time: tsc --noEmit)', () => {
    expect(Object.keys(probes)).toEqual(['charge', 'column', 'event', 'counter'])
  })
})
