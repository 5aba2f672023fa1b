/** SMTP through nodemailer, with the answers sorted into sent, try again later, and give up. */
import nodemailer from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport'

export interface MailAttachment {
  filename: string
  /** Referenced from the HTML as cid:… (the PIX QR code): an inline part, never a remote image. */
  cid?: string
  contentType: string
  content: Buffer
}

export interface OutgoingMail {
  from: string
  to: { name: string; address: string }
  replyTo?: string | null
  subject: string
  html: string
  text: string
  attachments: MailAttachment[]
  /** Stable per delivery, so a receiving server can tell a re-send after a crash from a new message. */
  messageId: string
  /** A one-click opt-out address (RFC 8058): `List-Unsubscribe` plus `List-Unsubscribe-Post`. */
  listUnsubscribe?: string | null
}

export type SendResult = { ok: true; response: string } | { ok: false; permanent: boolean; response: string }

/** Connection, greeting and each answer: a hanging server costs a job at most this long per step. */
export const SMTP_TIMEOUT_MS = 10_000

/** A display name or subject as one header line: control characters (CR/LF above all) become spaces. */
export function headerText(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim()
}

/** What nodemailer builds from our fields: names and subject are passed as values, which it encodes (RFC 2047). */
export function nodemailerMessage(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: { name: headerText(mail.to.name), address: mail.to.address },
    replyTo: mail.replyTo ?? undefined,
    subject: headerText(mail.subject),
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      cid: a.cid,
      contentType: a.contentType,
      content: a.content,
      contentDisposition: a.cid ? ('inline' as const) : ('attachment' as const),
    })),
    // Only what we pass: no X-Mailer naming the library.
    xMailer: false as const,
    ...(mail.listUnsubscribe
      ? {
          list: { unsubscribe: mail.listUnsubscribe },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
  }
}

/**
 * One message over SMTP. A 5xx answer is permanent (the address does not exist, the message is refused); a 4xx, a
 * timeout, a refused or dropped connection is temporary and retried later.
 */
export async function sendSmtp(smtpUrl: string, mail: OutgoingMail): Promise<SendResult> {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    // A local catcher (Mailpit) or a test server offers STARTTLS with a certificate nobody signed.
    tls: { rejectUnauthorized: !/^smtps?:\/\/([^@/]*@)?(localhost|127\.0\.0\.1|\[::1\]|mailpit)[:/]/.test(smtpUrl) },
  } as SMTPTransport.Options)
  try {
    const info = await transport.sendMail(nodemailerMessage(mail))
    return { ok: true, response: String(info.response ?? '250 OK').slice(0, 500) }
  } catch (err) {
    const e = err as { responseCode?: number; response?: string; code?: string; message?: string }
    const code = e.responseCode
    const response = String(e.response ?? `${e.code ?? 'ERRO'}: ${e.message ?? 'falha no envio'}`).slice(0, 500)
    return { ok: false, permanent: code !== undefined && code >= 500 && code < 600, response }
  } finally {
    transport.close()
  }
}
