import { type QueryCreator, type Selectable, sql, type Updateable } from 'kysely'
import { claimDelivery, type DeliveryChannel, type DeliveryClaim, staleClaims } from '../../platform/delivery-claim'
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

type SettleOutcome = { state: string; http_status: number | null; error: string | null; sent_at?: Date | null }
type SettleExtra = Pick<
  Updateable<Tables['email_deliveries']>,
  'smtp_response' | 'next_attempt_at' | 'subject_line' | 'recipient'
>

/** The shared settle (platform/delivery-claim.ts settleDelivery) and the e-mail's own columns, as one update. */
function settleUpdate(db: DbOrTrx, claim: DeliveryRow, outcome: SettleOutcome, extra: SettleExtra) {
  return db
    .updateTable('email_deliveries')
    .set({
      state: outcome.state as DeliveryRow['state'],
      http_status: outcome.http_status,
      error: outcome.error,
      sent_at: outcome.sent_at ?? null,
      claimed_at: null,
      ...extra,
    })
    .where('id', '=', claim.id)
    .where('state', '=', 'SENDING')
    .where('attempts', '=', claim.attempts)
}

/**
 * Records the try's outcome on the claim it was given, with the e-mail's own columns, in one statement (it was two: an
 * order's message costs the worker one round trip less). False when the claim had gone stale and another worker took
 * the row: its outcome is not ours to write.
 */
export async function settleEmail(
  db: DbOrTrx,
  claim: DeliveryRow,
  outcome: SettleOutcome,
  extra: SettleExtra = {},
): Promise<boolean> {
  const res = await settleUpdate(db, claim, outcome, extra).executeTakeFirst()
  return Number(res.numUpdatedRows) > 0
}

/** The mailbox copy of a message, written by the statement of the delivery it belongs to (its `delivery` CTE). */
function intoMailbox(qc: QueryCreator<Tables & { delivery: { id: string } }>, message: MailboxMessage) {
  return qc
    .insertInto('email_mailbox')
    .columns([
      'delivery_id',
      'store_id',
      'kind',
      'mail_from',
      'mail_to',
      'reply_to',
      'subject',
      'html',
      'text_body',
      'attachments',
    ])
    .expression((eb) =>
      eb
        .selectFrom('delivery')
        .select([
          'delivery.id',
          sql<string | null>`${message.storeId}::uuid`.as('store_id'),
          sql<string>`${message.kind}::text`.as('kind'),
          sql<string>`${message.from}::text`.as('mail_from'),
          sql<string>`${message.to}::text`.as('mail_to'),
          sql<string | null>`${message.replyTo}::text`.as('reply_to'),
          sql<string>`${message.subject}::text`.as('subject'),
          sql<string>`${message.html}::text`.as('html'),
          sql<string>`${message.text}::text`.as('text_body'),
          sql<string>`${JSON.stringify(message.attachments)}::jsonb`.as('attachments'),
        ]),
    )
}

/**
 * Without SMTP: the message kept in the admin's mailbox and its delivery settled as sent, in one statement (a CTE).
 * The message is kept only if the claim still holds: a worker whose claim went stale (another one took the row and
 * keeps its own copy) adds no second copy.
 */
export async function settleIntoMailbox(
  db: DbOrTrx,
  claim: DeliveryRow,
  outcome: SettleOutcome,
  extra: SettleExtra,
  message: MailboxMessage,
): Promise<boolean> {
  const res = await intoMailbox(
    db.with('delivery', () => settleUpdate(db, claim, outcome, extra).returning('id')),
    message,
  ).executeTakeFirst()
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0
}

/**
 * Without SMTP, a message never tried before: its delivery written as sent and the mailbox copy, in one statement —
 * nothing leaves the database, so there is no send for a claim to guard, and the (subject, kind) key still makes it
 * once. False when the message exists already (sent, being sent, waiting for a retry): the claim decides then.
 */
export async function keepNewInMailbox(db: DbOrTrx, delivery: DeliveryRow, message: MailboxMessage): Promise<boolean> {
  const res = await intoMailbox(
    db.with('delivery', (qc) =>
      qc
        .insertInto('email_deliveries')
        .values({
          id: delivery.id,
          store_id: delivery.store_id,
          subject_id: delivery.subject_id,
          kind: delivery.kind,
          recipient: delivery.recipient,
          payload: JSON.stringify(delivery.payload),
          state: 'SENT',
          attempts: 1,
          sent_at: delivery.sent_at,
          smtp_response: delivery.smtp_response,
          subject_line: delivery.subject_line,
        })
        .onConflict((oc) => oc.columns(['subject_id', 'kind']).doNothing())
        .returning('id'),
    ),
    message,
  ).executeTakeFirst()
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0
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

/** A message as the admin's mailbox keeps it. */
export interface MailboxMessage {
  storeId: string | null
  kind: string
  from: string
  to: string
  replyTo: string | null
  subject: string
  html: string
  text: string
  attachments: StoredAttachment[]
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
