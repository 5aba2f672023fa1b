/**
 * The recovery e-mails: one per step (two reminders, a refused card, an expired PIX/boleto), each with the signed
 * recovery link and a one-click opt-out (RFC 8058: `List-Unsubscribe` + `List-Unsubscribe-Post`, and the footer's
 * 'Descadastrar' link), sent as store messages by the notifications module (its layout, escaping, delivery log and
 * resend).
 */
import type { AppConfig } from '../../config'
import { formatCents } from '../../shared/money'
import type { StoreMessageInput } from '../notifications'
import type { SessionRow } from './repository'
import type { MessageStep } from './tables'
import { recoveryLinkToken, unsubscribeToken } from './tokens'

/** A reminder as the notifications module sends it (its public `sendStoreMessage` input). */
export type RecoveryEmail = StoreMessageInput & { kind: `recovery.${Lowercase<MessageStep>}`; listUnsubscribe: string }

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
  const first = session.customer_name?.split(' ')[0]
  return {
    storeId: session.store_id,
    subjectId: `${session.id}:${p.step}`,
    kind: `recovery.${p.step.toLowerCase() as Lowercase<MessageStep>}`,
    to: { name: session.customer_name ?? '', email: to },
    subject: copy.subject,
    message: {
      preview: copy.lines[0],
      heading: first ? `Olá, ${first}!` : 'Olá!',
      // The session knows the products' price, not the freight, coupon or interest the order would add.
      paragraphs: [...copy.lines, `Valor dos produtos: ${formatCents(session.value_cents)}`],
      button: { label: 'Continuar a compra', url: link },
      footer: `Você recebeu este lembrete porque começou uma compra em ${p.storeName} e pediu para ser lembrado.`,
    },
    listUnsubscribe: optOut,
  }
}
