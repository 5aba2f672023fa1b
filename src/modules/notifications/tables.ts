import type { ColumnType, Generated, Kysely, Transaction } from 'kysely'
import type { DeliveryColumns } from '../../platform/delivery-claim'
import type { Json, Timestamp } from '../../platform/tables'
import type { EmailDeliveryState } from '../../shared/notifications'

export interface StoredAttachment {
  filename: string
  cid: string | null
  contentType: string
  /** base64 */
  content: string
}

export interface NotificationsTables {
  email_settings: {
    store_id: string
    notify_new_sale: Generated<boolean>
    disabled_kinds: Generated<string[]>
    reply_to: string | null
    updated_at: Timestamp
  }
  email_deliveries: DeliveryColumns<EmailDeliveryState> & {
    store_id: string | null
    subject_id: string
    kind: string
    recipient: string
    subject_line: Generated<string>
    payload: ColumnType<Record<string, unknown>, string | undefined, string>
    smtp_response: string | null
    next_attempt_at: Date | null
  }
  email_mailbox: {
    id: Generated<string>
    delivery_id: string | null
    store_id: string | null
    kind: string
    mail_from: string
    mail_to: string
    reply_to: string | null
    subject: string
    html: string
    text_body: string
    attachments: Json<StoredAttachment[]>
    created_at: Generated<Date>
  }
}

/** This module's view of the database: its own tables only; another module's data is asked of its service. */
export type Db = Kysely<NotificationsTables>
export type Trx = Transaction<NotificationsTables>
export type DbOrTrx = Db | Trx
