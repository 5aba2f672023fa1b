import {
  BUYER_EMAIL_KINDS,
  type BuyerEmailKind,
  type EmailDelivery,
  type EmailSettings,
  type MailboxItem,
  type MailboxMessage,
} from '../../shared/notifications'
import type { DeliveryRow, MailboxRow } from './repository'

export function toDeliveryDto(row: DeliveryRow): EmailDelivery {
  return {
    id: row.id,
    kind: row.kind,
    subjectId: row.subject_id,
    recipient: row.recipient,
    subject: row.subject_line,
    state: row.state,
    attempts: row.attempts,
    response: row.smtp_response,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
  }
}

export function toMailboxItem(
  row: Pick<MailboxRow, 'id' | 'kind' | 'mail_from' | 'mail_to' | 'reply_to' | 'subject' | 'created_at'>,
): MailboxItem {
  return {
    id: row.id,
    kind: row.kind,
    from: row.mail_from,
    to: row.mail_to,
    replyTo: row.reply_to,
    subject: row.subject,
    createdAt: row.created_at.toISOString(),
  }
}

/** The admin's reading view: inline images (cid:) become data: URLs so the message shows as it would in a mail app. */
export function toMailboxMessage(row: MailboxRow): MailboxMessage {
  let html = row.html
  for (const a of row.attachments)
    if (a.cid) html = html.replaceAll(`cid:${a.cid}`, `data:${a.contentType};base64,${a.content}`)
  return {
    ...toMailboxItem(row),
    html,
    text: row.text_body,
    attachments: row.attachments.map((a) => ({ filename: a.filename, cid: a.cid, contentType: a.contentType })),
  }
}

/** A store's e-mail settings as read (defaults filled in), before the answer's per-kind switches. */
export interface StoreSettingsView {
  notifyNewSale: boolean
  disabledKinds: string[]
  replyTo: string | null
}

export function toSettingsDto(storeId: string, s: StoreSettingsView): EmailSettings {
  return {
    storeId,
    notifyNewSale: s.notifyNewSale,
    buyerKinds: Object.fromEntries(BUYER_EMAIL_KINDS.map((k) => [k, !s.disabledKinds.includes(k)])) as Record<
      BuyerEmailKind,
      boolean
    >,
    replyTo: s.replyTo,
  }
}
