/** HTML and plain text of a message, from React Email on the server (never part of a browser bundle). */
import { render } from '@react-email/components'
import { compile } from 'html-to-text'
import { createElement } from 'react'
import { type BuyerLoginData, BuyerLoginEmail } from './buyer-login-email'
import { type NewSaleData, NewSaleEmail } from './new-sale-email'
import {
  OrderCancelledEmail,
  type OrderEmailData,
  OrderReceivedEmail,
  OrderRefundedEmail,
  PaymentApprovedEmail,
  PaymentExpiredEmail,
  PaymentReminderEmail,
} from './order-emails'
import { type PasswordResetData, PasswordResetEmail, type StoreMessageData, StoreMessageEmail } from './other-emails'

export type { StoreLook } from './layout'
export { platformLook } from './layout'
export type { NewSaleData } from './new-sale-email'
export type { OrderEmailData } from './order-emails'
export type { StoreMessage } from './other-emails'

export type Template =
  | { kind: 'order_received' | 'payment_approved' | 'payment_reminder' | 'payment_expired'; data: OrderEmailData }
  | { kind: 'order_cancelled' | 'order_refunded'; data: OrderEmailData }
  | { kind: 'new_sale'; data: NewSaleData }
  | { kind: 'password_reset'; data: PasswordResetData }
  | { kind: 'buyer_login'; data: BuyerLoginData }
  | { kind: 'store_message'; data: StoreMessageData }

export interface Rendered {
  html: string
  text: string
}

function element(t: Template) {
  switch (t.kind) {
    case 'order_received':
      return createElement(OrderReceivedEmail, { data: t.data })
    case 'payment_approved':
      return createElement(PaymentApprovedEmail, { data: t.data })
    case 'payment_reminder':
      return createElement(PaymentReminderEmail, { data: t.data })
    case 'payment_expired':
      return createElement(PaymentExpiredEmail, { data: t.data })
    case 'order_cancelled':
      return createElement(OrderCancelledEmail, { data: t.data })
    case 'order_refunded':
      return createElement(OrderRefundedEmail, { data: t.data })
    case 'new_sale':
      return createElement(NewSaleEmail, { data: t.data })
    case 'password_reset':
      return createElement(PasswordResetEmail, { data: t.data })
    case 'buyer_login':
      return createElement(BuyerLoginEmail, { data: t.data })
    case 'store_message':
      return createElement(StoreMessageEmail, t.data)
  }
}

/**
 * The text part, as React Email's `toPlainText(html, { selectors })` gives it — html-to-text without word wrapping,
 * with React Email's selectors (images and `data-skip-in-text` skipped, links without brackets) then ours (an amount
 * cell keeps a space from its label: 'Frete R$ 15,90', not 'FreteR$ 15,90') — compiled once. toPlainText compiles
 * its options on every call, which cost the worker more than the conversion itself (issue 33 item 18);
 * render.test.ts holds the two to the same text for every template.
 */
export const TEXT_SELECTORS = [
  { selector: 'td.amount', format: 'inlineSurround', options: { prefix: ' ', suffix: '' } },
]
const toText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: '[data-skip-in-text=true]', format: 'skip' },
    { selector: 'a', options: { linkBrackets: false, hideLinkHrefIfSameAsText: true } },
    ...TEXT_SELECTORS,
  ],
})

/**
 * One React render for both parts: the text is what `render(el, { plainText: true })` would give (the same
 * html-to-text conversion of the same markup), without drawing the tree a second time.
 */
export async function renderEmail(t: Template): Promise<Rendered> {
  const html = await render(element(t))
  return { html, text: toText(html) }
}
