/**
 * E-mail deliveries: a row per (subject, kind) claimed before the SMTP call, the answer recorded after it, temporary
 * failures retried with a doubling wait for more than a day, permanent ones (5xx) recorded as failed; without
 * SMTP_URL the message goes to the admin mailbox instead. Runs in the worker (event handlers and the send job).
 */

import { randomUUID } from 'node:crypto'
import type { DeliveryClaim } from '../../platform/delivery-claim'
import { AppError } from '../../platform/errors'
import { throughCache } from '../../platform/settings-cache'
import { BUYER_EMAIL_KINDS, type EmailSettings } from '../../shared/notifications'
import { type Composed, compose, NothingToSend, type NotifyDeps } from './compose'
import { type StoreSettingsView, toSettingsDto } from './dto'
import { once } from './reads'
import * as repo from './repository'
import type { Template } from './templates/render'

// React and the e-mail renderer load with the first e-mail: an api that sends none never holds them (issue 35)
const renderEmail = async (t: Template) => (await import('./templates/render')).renderEmail(t)

import { headerText, type OutgoingMail, sendSmtp } from './transport'

export type { NotifyDeps } from './compose'

export const EMAIL_SEND_JOB = 'notifications.email-send'
/**
 * A claim older than this belongs to a worker that died. An SMTP exchange gives up after 10 s of silence per step
 * (connect, greeting, and each of the ~6 commands), so even a server that answers each step just in time is done
 * well within it; the platform default (30 s) would take a slow live send for a dead one.
 */
export const STALE_CLAIM_MS = 2 * 60_000
/** Tries in all: with the 2-minute default base the last one comes ~34 h after the first (at least 24 h). */
export const MAX_EMAIL_ATTEMPTS = 11

const mailboxAnswer = 'Guardado na caixa de e-mails do administrador (SMTP não configurado)'

/** The address part of MAIL_FROM ("Loja <a@b>" or "a@b"). */
export function fromAddress(mailFrom: string): string {
  return /<([^<>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()
}

function fromLine(deps: NotifyDeps, name: string | null): string {
  if (!name) return deps.config.MAIL_FROM
  // Quoted display name: a store name with a comma or angle brackets stays one name.
  const safe = headerText(name).replace(/["\\]/g, '')
  return `"${safe}" <${fromAddress(deps.config.MAIL_FROM)}>`
}

export async function settingsOf(
  deps: Pick<NotifyDeps, 'db' | 'reads' | 'settings'>,
  storeId: string,
): Promise<StoreSettingsView> {
  // Asked twice per message (is the kind on? its Reply-To?) and by the handler: once per run (reads.ts), and once per
  // change of the store's settings across the worker's jobs (platform/settings-cache.ts).
  const key = `email-settings:${storeId}`
  const row = await once(deps.reads, key, () =>
    throughCache(deps.settings, key, () => repo.findSettings(deps.db, storeId)),
  )
  return {
    notifyNewSale: row?.notify_new_sale ?? true,
    disabledKinds: row?.disabled_kinds ?? [],
    replyTo: row?.reply_to ?? null,
  }
}

export async function saveSettings(
  deps: Pick<NotifyDeps, 'db'>,
  storeId: string,
  input: Omit<EmailSettings, 'storeId'>,
): Promise<EmailSettings> {
  const disabled = BUYER_EMAIL_KINDS.filter((k) => input.buyerKinds[k] === false)
  const row = await repo.upsertSettings(deps.db, storeId, {
    notify_new_sale: input.notifyNewSale,
    disabled_kinds: disabled,
    reply_to: input.replyTo,
  })
  return toSettingsDto(storeId, {
    notifyNewSale: row.notify_new_sale,
    disabledKinds: row.disabled_kinds,
    replyTo: row.reply_to,
  })
}

async function toOutgoing(deps: NotifyDeps, row: repo.DeliveryRow, c: Composed): Promise<OutgoingMail> {
  const rendered = await renderEmail(c.template)
  const replyTo = row.store_id ? (await settingsOf(deps, row.store_id)).replyTo : null
  return {
    from: fromLine(deps, c.fromName),
    to: c.to,
    replyTo,
    subject: c.subject,
    html: rendered.html,
    text: rendered.text,
    attachments: c.attachments,
    listUnsubscribe: c.listUnsubscribe ?? null,
    messageId: `<${row.id}.${row.attempts}@${fromAddress(deps.config.MAIL_FROM).split('@')[1] ?? 'checkout.local'}>`,
  }
}

/** Wait before the next try of a temporary failure: the base, then twice as long each time. */
export const retryDelayMs = (baseMs: number, attempts: number) => baseMs * 2 ** Math.max(0, attempts - 1)

/** The SMTP reply code at the start of an answer ("250 OK", "421 4.7.0 …"), or null (a timeout, a refused connection). */
const replyCode = (response: string) => {
  const m = /^([2-5]\d\d)\b/.exec(response)
  return m ? Number(m[1]) : null
}

type Outcome = repo.DeliveryRow['state'] | 'busy' | 'settled'
type SettleOutcome = {
  state: repo.DeliveryRow['state']
  http_status: number | null
  error: string | null
  sent_at?: Date
}

/**
 * Sends a delivery this worker claimed. Never throws for an SMTP answer: a temporary failure schedules the next try
 * itself (a delayed job, and the sweeper if that job is lost), so the queue's own retries never send twice.
 */
async function sendClaimed(deps: NotifyDeps, claim: DeliveryClaim<repo.DeliveryRow>): Promise<Outcome> {
  if (claim.kind !== 'claimed') return claim.kind
  const row = claim.row
  const settle = (outcome: SettleOutcome, extra: Parameters<typeof repo.settleEmail>[3] = {}) =>
    repo.settleEmail(deps.db, row, outcome, extra)
  let mail: OutgoingMail
  try {
    mail = await toOutgoing(deps, row, await compose(deps, row))
  } catch (err) {
    if (!(err instanceof NothingToSend)) {
      // Reading the order failed (database hiccup): back to the queue like a temporary SMTP failure.
      await scheduleRetry(deps, row, `Erro ao montar a mensagem: ${(err as Error).message}`, null)
      return 'RETRY'
    }
    await settle({ state: 'SKIPPED', http_status: null, error: err.message }, { smtp_response: null })
    return 'SKIPPED'
  }
  const subject_line = headerText(mail.subject).slice(0, 300)
  const recipient = mail.to.address
  if (!deps.config.SMTP_URL) {
    // The message and its SENT in one statement (kept only while the claim is ours).
    await repo.settleIntoMailbox(
      deps.db,
      row,
      { state: 'SENT', http_status: null, error: null, sent_at: new Date() },
      { smtp_response: mailboxAnswer, next_attempt_at: null, subject_line, recipient },
      mailboxMessage(row, mail),
    )
    return 'SENT'
  }
  const result = await sendSmtp(deps.config.SMTP_URL, mail)
  const code = replyCode(result.response)
  if (result.ok) {
    await settle(
      { state: 'SENT', http_status: code ?? 250, error: null, sent_at: new Date() },
      { smtp_response: result.response, next_attempt_at: null, subject_line, recipient },
    )
    return 'SENT'
  }
  deps.log.warn({ deliveryId: row.id, kind: row.kind, permanent: result.permanent, code }, 'e-mail delivery failed')
  if (result.permanent) {
    await settle(
      { state: 'FAILED', http_status: code, error: 'O servidor de e-mail recusou a mensagem' },
      { smtp_response: result.response, next_attempt_at: null, subject_line, recipient },
    )
    return 'FAILED'
  }
  await scheduleRetry(deps, row, result.response, code, { subject_line, recipient })
  return row.attempts >= MAX_EMAIL_ATTEMPTS ? 'FAILED' : 'RETRY'
}

/** The send job: one existing delivery (a retry, a resend, a sweep). */
export async function deliver(deps: NotifyDeps, deliveryId: string): Promise<Outcome> {
  const row = await repo.findDelivery(deps.db, deliveryId)
  if (!row) return 'settled'
  return sendClaimed(deps, await repo.claimExisting(deps.db, row, STALE_CLAIM_MS))
}

async function scheduleRetry(
  deps: NotifyDeps,
  row: repo.DeliveryRow,
  response: string,
  code: number | null,
  extra: { subject_line?: string; recipient?: string } = {},
) {
  if (row.attempts >= MAX_EMAIL_ATTEMPTS) {
    await repo.settleEmail(
      deps.db,
      row,
      { state: 'FAILED', http_status: code, error: `Sem sucesso após ${row.attempts} tentativas` },
      { smtp_response: response, next_attempt_at: null, ...extra },
    )
    return
  }
  const delayMs = retryDelayMs(deps.config.EMAIL_RETRY_BASE_MS, row.attempts)
  const settled = await repo.settleEmail(
    deps.db,
    row,
    { state: 'RETRY', http_status: code, error: 'Falha temporária; nova tentativa agendada' },
    { smtp_response: response, next_attempt_at: new Date(Date.now() + delayMs), ...extra },
  )
  if (settled)
    await deps.jobs.enqueue(
      EMAIL_SEND_JOB,
      { deliveryId: row.id },
      { delayMs, jobId: `email-${row.id}-${row.attempts}` },
    )
}

/** Claims the (subject, kind) delivery (created the first time) and sends it now; a later call sends nothing. */
export async function queueAndSend(deps: NotifyDeps, key: repo.DeliveryKey): Promise<Outcome> {
  // A retried batch's messages are mostly out already: the claim finds them without composing each one first.
  const firstTry = (deps.attempt ?? 1) === 1
  if (!deps.config.SMTP_URL && firstTry && (await keptInMailboxAtOnce(deps, key))) return 'SENT'
  return sendClaimed(deps, await repo.claimNew(deps.db, key, STALE_CLAIM_MS))
}

/** The admin mailbox's copy of a message as it would have been sent. */
function mailboxMessage(row: repo.DeliveryRow, mail: OutgoingMail): repo.MailboxMessage {
  return {
    storeId: row.store_id,
    kind: row.kind,
    from: mail.from,
    to: mail.to.address,
    replyTo: mail.replyTo ?? null,
    subject: headerText(mail.subject).slice(0, 300),
    html: mail.html,
    text: mail.text,
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      cid: a.cid ?? null,
      contentType: a.contentType,
      content: a.content.toString('base64'),
    })),
  }
}

/**
 * Without SMTP, a message never tried before is composed, then written as sent with its mailbox copy in one statement
 * (claim and settle were two: an order's e-mail cost the worker a round trip more; issue 33 item 18). False when
 * that is not the case — the message exists already, or there is nothing to send — and the claim path decides,
 * recording a skip or a retry on its row as it always has.
 */
async function keptInMailboxAtOnce(deps: NotifyDeps, key: repo.DeliveryKey): Promise<boolean> {
  const now = new Date()
  const row: repo.DeliveryRow = {
    id: randomUUID(),
    store_id: key.storeId,
    subject_id: key.subjectId,
    kind: key.kind,
    recipient: key.recipient,
    payload: key.payload ?? {},
    state: 'SENT',
    attempts: 1,
    claimed_at: null,
    http_status: null,
    error: null,
    sent_at: now,
    created_at: now,
    subject_line: '',
    smtp_response: mailboxAnswer,
    next_attempt_at: null,
  }
  let mail: OutgoingMail
  try {
    mail = await toOutgoing(deps, row, await compose(deps, row))
  } catch {
    return false
  }
  const message = mailboxMessage(row, mail)
  return repo.keepNewInMailbox(deps.db, { ...row, subject_line: message.subject, recipient: message.to }, message)
}

/** 'Reenviar': the merchant's resend of one delivery of their store (any state but one being sent right now). */
export async function resend(deps: NotifyDeps, storeId: string, deliveryId: string) {
  const row = await repo.findDelivery(deps.db, deliveryId)
  if (!row || row.store_id !== storeId) return undefined
  if (!(await repo.reopenDelivery(deps.db, deliveryId)))
    throw new AppError(409, 'Esta mensagem está sendo enviada agora. Aguarde alguns segundos.')
  await deps.jobs.enqueue(EMAIL_SEND_JOB, { deliveryId }, { jobId: `email-resend-${deliveryId}-${Date.now()}` })
  return repo.findDelivery(deps.db, deliveryId)
}

/** Deliveries whose own job was lost (a crash between the claim and the retry's enqueue): queued again. */
export async function sweepOverdue(deps: NotifyDeps): Promise<number> {
  const rows = await repo.overdueDeliveries(deps.db, 60_000, STALE_CLAIM_MS, 200)
  for (const r of rows)
    await deps.jobs.enqueue(EMAIL_SEND_JOB, { deliveryId: r.id }, { jobId: `email-sweep-${r.id}-${r.attempts}` })
  return rows.length
}
