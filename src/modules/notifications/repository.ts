import { type Selectable, sql, type Updateable } from 'kysely'
import {
  claimDelivery,
  type DeliveryChannel,
  type DeliveryClaim,
  settleDelivery,
  staleClaims,
} from '../../platform/delivery-claim'
import { deliveryLogPage } from '../../platform/delivery-log'
import { findSettingsRow, upsertSettingsRow } from '../../platform/settings-row'
import type { DbOrTrx, NotificationsTables, StoredAttachment } from './tables'

type Tables = NotificationsTables
export type SettingsRow = Selectable<Tables['email_settings']>
export type DeliveryRow = Selectable<Tables['email_deliveries']>
export type MailboxRow = Selectable<Tables['email_mailbox']>

export async function findSettings(db: DbOrTrx, storeId: string): Promise<SettingsRow | undefined> {
  return findSettingsRow<SettingsRow>(db, 'email_settings', ['store_id', storeId])
}

export async function upsertSettings(
  db: DbOrTrx,
  storeId: string,
  values: { notify_new_sale: boolean; disabled_kinds: string[]; reply_to: string | null },
): Promise<SettingsRow> {
  return upsertSettingsRow<SettingsRow>(db, 'email_settings', ['store_id', storeId], values)
}

export interface DeliveryKey {
  storeId: string | null
  subjectId: string
  kind: string
  recipient: string
  payload?: Record<string, unknown>
}

/** The e-mail channel of the shared delivery claim (src/platform/delivery-claim.ts). */
export function emailChannel(staleMs: number): DeliveryChannel {
  return { table: 'email_deliveries', key: ['subject_id', 'kind'], claimable: ['PENDING', 'RETRY'], staleMs }
}

const keyValues = (key: DeliveryKey) => ({
  store_id: key.storeId,
  subject_id: key.subjectId,
  kind: key.kind,
  recipient: key.recipient,
  payload: JSON.stringify(key.payload ?? {}),
})

/** Takes the (subject, kind) delivery for this worker (created by the claim the first time). */
export async function claimNew(db: DbOrTrx, key: DeliveryKey, staleMs: number): Promise<DeliveryClaim<DeliveryRow>> {
  return claimDelivery<DeliveryRow>(db, emailChannel(staleMs), keyValues(key))
}

/** Takes an existing delivery again (a retry, a resend, a sweep). */
export async function claimExisting(db: DbOrTrx, row: DeliveryRow, staleMs: number) {
  return claimDelivery<DeliveryRow>(db, emailChannel(staleMs), {
    store_id: row.store_id,
    subject_id: row.subject_id,
    kind: row.kind,
    recipient: row.recipient,
  })
}

/**
 * Records the try's outcome on the claim it was given (the shared settle), then the e-mail's own columns. False when
 * the claim had gone stale and another worker took the row: its outcome is not ours to write.
 */
export async function settleEmail(
  db: DbOrTrx,
  staleMs: number,
  claim: DeliveryRow,
  outcome: { state: string; http_status: number | null; error: string | null; sent_at?: Date | null },
  extra: Pick<
    Updateable<Tables['email_deliveries']>,
    'smtp_response' | 'next_attempt_at' | 'subject_line' | 'recipient'
  > = {},
): Promise<boolean> {
  if (!(await settleDelivery(db, emailChannel(staleMs), claim, outcome))) return false
  if (Object.keys(extra).length)
    await db.updateTable('email_deliveries').set(extra).where('id', '=', claim.id).execute()
  return true
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
 * Deliveries whose own job should have run by now: a retry overdue by `graceMs` (its delayed job was lost), a
 * PENDING row older than `graceMs` (a resend whose job was lost), and claims gone stale (their worker died).
 */
export async function overdueDeliveries(db: DbOrTrx, graceMs: number, staleMs: number, limit: number) {
  const before = new Date(Date.now() - graceMs)
  const waiting = await db
    .selectFrom('email_deliveries')
    .select(['id', 'attempts'])
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'RETRY'), eb('next_attempt_at', '<', before)]),
        eb.and([eb('state', '=', 'PENDING'), eb('created_at', '<', before)]),
      ]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute()
  const stale = await staleClaims<DeliveryRow>(db, emailChannel(staleMs), limit)
  return [...waiting, ...stale.map((r) => ({ id: r.id, attempts: r.attempts }))]
}

export async function listDeliveries(db: DbOrTrx, storeId: string, page: number, limit: number) {
  return deliveryLogPage<DeliveryRow>(db, { table: 'email_deliveries', owner: ['store_id', storeId] }, page, limit)
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
