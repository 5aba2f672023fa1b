import { type Selectable, sql, type Updateable } from 'kysely'
import type { DbOrTrx, NotificationsTables, StoredAttachment } from './tables'

type Tables = NotificationsTables
export type SettingsRow = Selectable<Tables['email_settings']>
export type DeliveryRow = Selectable<Tables['email_deliveries']>
export type MailboxRow = Selectable<Tables['email_mailbox']>

export async function findSettings(db: DbOrTrx, storeId: string): Promise<SettingsRow | undefined> {
  return db.selectFrom('email_settings').selectAll().where('store_id', '=', storeId).executeTakeFirst()
}

export async function upsertSettings(
  db: DbOrTrx,
  storeId: string,
  values: { notify_new_sale: boolean; disabled_kinds: string[]; reply_to: string | null },
): Promise<SettingsRow> {
  const now = new Date()
  return db
    .insertInto('email_settings')
    .values({ store_id: storeId, ...values, updated_at: now })
    .onConflict((oc) => oc.column('store_id').doUpdateSet({ ...values, updated_at: now }))
    .returningAll()
    .executeTakeFirstOrThrow()
}

export interface DeliveryKey {
  storeId: string | null
  subjectId: string
  kind: string
  recipient: string
  payload?: Record<string, unknown>
}

/** The (subject, kind) row, made PENDING the first time; the same row every later time. */
export async function ensureDelivery(db: DbOrTrx, key: DeliveryKey): Promise<{ row: DeliveryRow; created: boolean }> {
  const created = await db
    .insertInto('email_deliveries')
    .values({
      store_id: key.storeId,
      subject_id: key.subjectId,
      kind: key.kind,
      recipient: key.recipient,
      payload: JSON.stringify(key.payload ?? {}),
    })
    .onConflict((oc) => oc.columns(['subject_id', 'kind']).doNothing())
    .returningAll()
    .executeTakeFirst()
  if (created) return { row: created, created: true }
  const row = await db
    .selectFrom('email_deliveries')
    .selectAll()
    .where('subject_id', '=', key.subjectId)
    .where('kind', '=', key.kind)
    .executeTakeFirstOrThrow()
  return { row, created: false }
}

/**
 * Takes the delivery for this worker before the SMTP call: one PENDING, waiting for its retry, or SENDING for longer
 * than `staleMs` (its worker died) is claimed; anything else (SENT, FAILED, SKIPPED, a fresh SENDING) is not.
 */
export async function claimDelivery(db: DbOrTrx, id: string, staleMs: number): Promise<DeliveryRow | undefined> {
  const now = new Date()
  return db
    .updateTable('email_deliveries')
    .set((eb) => ({ state: 'SENDING', claimed_at: now, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('state', 'in', ['PENDING', 'RETRY']),
        eb.and([eb('state', '=', 'SENDING'), eb('claimed_at', '<', new Date(now.getTime() - staleMs))]),
      ]),
    )
    .returningAll()
    .executeTakeFirst()
}

export async function settleDelivery(
  db: DbOrTrx,
  id: string,
  patch: Pick<
    Updateable<Tables['email_deliveries']>,
    'state' | 'smtp_response' | 'error' | 'sent_at' | 'next_attempt_at' | 'subject_line' | 'recipient'
  >,
): Promise<void> {
  await db
    .updateTable('email_deliveries')
    .set({ ...patch, claimed_at: null })
    .where('id', '=', id)
    .execute()
}

export async function findDelivery(db: DbOrTrx, id: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('email_deliveries').selectAll().where('id', '=', id).executeTakeFirst()
}

/** 'Reenviar': any settled delivery back to PENDING (not one being sent right now). */
export async function reopenDelivery(db: DbOrTrx, id: string): Promise<boolean> {
  const res = await db
    .updateTable('email_deliveries')
    .set({ state: 'PENDING', error: null, next_attempt_at: null })
    .where('id', '=', id)
    .where('state', 'in', ['SENT', 'FAILED', 'RETRY', 'SKIPPED', 'PENDING'])
    .executeTakeFirst()
  return Number(res.numUpdatedRows) > 0
}

/**
 * Deliveries whose own job should have run by now: a retry overdue by `graceMs` (its delayed job was lost), a claim
 * older than `staleMs` (its worker died), a PENDING row older than `graceMs` (the process died before the send).
 */
export async function overdueDeliveries(db: DbOrTrx, graceMs: number, staleMs: number, limit: number) {
  const now = Date.now()
  return db
    .selectFrom('email_deliveries')
    .select(['id', 'attempts'])
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'RETRY'), eb('next_attempt_at', '<', new Date(now - graceMs))]),
        eb.and([eb('state', '=', 'SENDING'), eb('claimed_at', '<', new Date(now - staleMs))]),
        eb.and([eb('state', '=', 'PENDING'), eb('created_at', '<', new Date(now - graceMs))]),
      ]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute()
}

export async function listDeliveries(db: DbOrTrx, storeId: string, page: number, limit: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('email_deliveries')
      .selectAll()
      .where('store_id', '=', storeId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('email_deliveries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

export async function insertMailbox(
  db: DbOrTrx,
  message: {
    deliveryId: string | null
    storeId: string | null
    kind: string
    from: string
    to: string
    replyTo: string | null
    subject: string
    html: string
    text: string
    attachments: StoredAttachment[]
  },
): Promise<string> {
  const row = await db
    .insertInto('email_mailbox')
    .values({
      delivery_id: message.deliveryId,
      store_id: message.storeId,
      kind: message.kind,
      mail_from: message.from,
      mail_to: message.to,
      reply_to: message.replyTo,
      subject: message.subject,
      html: message.html,
      text_body: message.text,
      attachments: JSON.stringify(message.attachments),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export async function listMailbox(db: DbOrTrx, page: number, limit: number, to?: string) {
  let q = db.selectFrom('email_mailbox')
  if (to) q = q.where(sql`lower(mail_to)`, 'like', `%${to.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`)
  const [rows, count] = await Promise.all([
    q
      .select(['id', 'kind', 'mail_from', 'mail_to', 'reply_to', 'subject', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

export async function findMailbox(db: DbOrTrx, id: string): Promise<MailboxRow | undefined> {
  return db.selectFrom('email_mailbox').selectAll().where('id', '=', id).executeTakeFirst()
}
