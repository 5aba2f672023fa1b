/**
 * The recovery e-mails: one per step (two reminders, a refused card, an expired PIX/boleto), each with the signed
 * recovery link and a one-click opt-out (RFC 8058: `List-Unsubscribe` + `List-Unsubscribe-Post`). Plain text and a
 * small HTML body; the buyer's and merchant's words are escaped.
 */
import type { AppConfig } from '../../config'
import { formatCents } from '../../shared/money'
import type { SessionRow } from './repository'
import type { MessageStep } from './tables'
import { recoveryLinkToken, unsubscribeToken } from './tokens'

export interface RecoveryEmail {
  storeId: string
  to: string
  subject: string
  text: string
  html: string
  headers: Record<string, string>
  /** The message kind and its subject: one message per (session, step). */
  kind: `recovery.${Lowercase<MessageStep>}`
  subjectId: string
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/** The checkout page that reopens the session filled in (same product, bumps, coupon; never card data). */
export function recoveryLink(
  config: AppConfig,
  s: { id: string; store_id: string; product_id: string },
  productType: 'PHYSICAL' | 'DIGITAL',
  now = new Date(),
) {
  const path = productType === 'DIGITAL' ? 'digital-checkout' : 'checkout'
  const token = recoveryLinkToken(config.APP_SECRET, s.id, s.store_id, now.getTime())
  return `${config.publicUrl}/${path}/${s.store_id}/${s.product_id}?recuperar=${encodeURIComponent(token)}`
}

export function unsubscribeLink(config: AppConfig, storeId: string, email: string) {
  return `${config.publicUrl}/descadastro?t=${encodeURIComponent(unsubscribeToken(config.APP_SECRET, storeId, email))}`
}

const COPY: Record<MessageStep, (p: { product: string; store: string }) => { subject: string; lines: string[] }> = {
  FIRST: ({ product, store }) => ({
    subject: `Você esqueceu algo na ${store}`,
    lines: [`Sua compra de ${product} ficou pela metade.`, 'Guardamos os seus dados: é só continuar de onde parou.'],
  }),
  SECOND: ({ product }) => ({
    subject: `Ainda dá tempo: ${product}`,
    lines: [`Sua compra de ${product} continua esperando por você.`, 'Este é o nosso último lembrete.'],
  }),
  REFUSED: ({ product }) => ({
    subject: 'Seu pagamento não foi aprovado',
    lines: [
      `O pagamento de ${product} foi recusado pelo cartão.`,
      'Você pode concluir com PIX, boleto ou outro cartão: seus dados já estão preenchidos.',
    ],
  }),
  EXPIRED: ({ product }) => ({
    subject: 'Seu código de pagamento expirou',
    lines: [`O código de pagamento de ${product} expirou.`, 'Gere um novo código em poucos segundos pelo link abaixo.'],
  }),
}

export function composeReminder(
  config: AppConfig,
  p: {
    step: MessageStep
    session: SessionRow
    storeName: string
    productName: string
    productType: 'PHYSICAL' | 'DIGITAL'
    value: number
    now: Date
  },
): RecoveryEmail {
  const { session } = p
  const to = session.customer_email ?? ''
  const copy = COPY[p.step]({ product: p.productName, store: p.storeName })
  const link = recoveryLink(config, session, p.productType, p.now)
  const optOut = unsubscribeLink(config, session.store_id, to)
  const greeting = session.customer_name ? `Olá, ${session.customer_name.split(' ')[0]}!` : 'Olá!'
  const total = `Total: ${formatCents(session.value_cents)}`
  const text = [
    greeting,
    ...copy.lines,
    total,
    `Continuar a compra: ${link}`,
    '',
    `${p.storeName}`,
    `Não quer mais receber lembretes desta loja? ${optOut}`,
  ].join('\n')
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#111">
<p>${escapeHtml(greeting)}</p>${copy.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p><strong>${escapeHtml(total)}</strong></p>
<p><a href="${escapeHtml(link)}" style="background:#16a34a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">Continuar a compra</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(p.storeName)} · <a href="${escapeHtml(optOut)}">Não quero mais receber lembretes</a></p>
</body></html>`
  return {
    storeId: session.store_id,
    to,
    subject: copy.subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${optOut}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    kind: `recovery.${p.step.toLowerCase() as Lowercase<MessageStep>}`,
    subjectId: `${session.id}:${p.step}`,
  }
}
