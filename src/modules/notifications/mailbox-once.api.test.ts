/**
 * Without SMTP a new message is written as sent together with its mailbox copy in one statement (service.ts
 * keptInMailboxAtOnce; issue 33 item 18): there is no send for a claim to guard. What the claim guaranteed must still
 * hold: one delivery and one copy per (subject, kind), however many times or at once it is asked for.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { statementLog } from '../../testing/statement-log'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { queueAndSend } from './service'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(() => t.close())

/** The app's database with every statement's kind and tables logged. */
function loggedDb() {
  const log = statementLog()
  return { db: t.app.db.withPlugin(log.plugin), statements: log.statements }
}

async function storeOf() {
  const owner = await t.login()
  const store = await t.app.inject({
    method: 'POST',
    url: '/api/stores',
    payload: { name: 'Loja' },
    headers: owner.headers,
  })
  return store.json().id as string
}

const key = (storeId: string, subjectId: string) => ({
  storeId,
  subjectId,
  kind: 'subscription.reminder',
  recipient: 'ana@example.com',
  payload: {
    subject: 'Sua assinatura renova amanhã',
    name: 'Ana',
    message: { preview: 'Renovação', heading: 'Sua assinatura renova amanhã', paragraphs: ['Até breve.'] },
  },
})

const copies = (subjectId: string) =>
  sql<{ deliveries: number; copies: number; state: string }>`
    select count(distinct d.id)::int as deliveries, count(m.id)::int as copies, min(d.state) as state
    from email_deliveries d left join email_mailbox m on m.delivery_id = d.id
    where d.subject_id = ${subjectId}`
    .execute(t.app.db)
    .then((r) => r.rows[0])

describe('a message kept in the admin mailbox', () => {
  it('costs one write: the delivery as sent and its copy, in one statement', async () => {
    const storeId = await storeOf()
    const subjectId = crypto.randomUUID()
    const log = loggedDb()
    const deps = { db: log.db, config: t.config, jobs: t.runtime.jobs, log: t.runtime.log }
    expect(await queueAndSend(deps, key(storeId, subjectId))).toBe('SENT')
    const writes = log.statements.filter((s) => s.kind !== 'SelectQueryNode')
    expect(writes).toEqual([
      { kind: 'InsertQueryNode', tables: expect.arrayContaining(['email_deliveries', 'email_mailbox']) },
    ])
    expect(await copies(subjectId)).toEqual({ deliveries: 1, copies: 1, state: 'SENT' })
    const copy = await t.app.db
      .selectFrom('email_mailbox')
      .innerJoin('email_deliveries', 'email_deliveries.id', 'email_mailbox.delivery_id')
      .select([
        'email_mailbox.subject',
        'email_mailbox.mail_to',
        'email_deliveries.subject_line',
        'email_deliveries.recipient',
      ])
      .where('email_deliveries.subject_id', '=', subjectId)
      .executeTakeFirstOrThrow()
    expect(copy).toEqual({
      subject: 'Sua assinatura renova amanhã',
      mail_to: 'ana@example.com',
      subject_line: 'Sua assinatura renova amanhã',
      recipient: 'ana@example.com',
    })
  })

  it('is kept once when asked for again, or by several runs at once', async () => {
    const storeId = await storeOf()
    const deps = { db: t.app.db, config: t.config, jobs: t.runtime.jobs, log: t.runtime.log }
    const again = crypto.randomUUID()
    expect(await queueAndSend(deps, key(storeId, again))).toBe('SENT')
    // The second run finds the message sent: the claim answers it, nothing is written twice.
    expect(await queueAndSend(deps, key(storeId, again))).toBe('settled')
    expect(await copies(again)).toEqual({ deliveries: 1, copies: 1, state: 'SENT' })

    const atOnce = crypto.randomUUID()
    await Promise.all(Array.from({ length: 4 }, () => queueAndSend(deps, key(storeId, atOnce))))
    expect(await copies(atOnce)).toEqual({ deliveries: 1, copies: 1, state: 'SENT' })
  })
})
