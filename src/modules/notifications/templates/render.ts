/** HTML and plain text of a message, from React Email on the server (never part of a browser bundle). */
import { compile } from 'html-to-text'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
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

/** The template's React element (render.test.ts renders it with React Email too). */
export function element(t: Template) {
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

/** The doctype React Email's `render` puts before the markup. */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">'

/**
 * The markup React Email's `render` gives, drawn in one synchronous pass: `render` streams the tree through a Suspense
 * boundary into a web stream and reads it back, which cost the worker more than the drawing itself (issue 33 item
 * 18) for templates that never suspend; render.test.ts holds both to the same markup. One render for both parts: the
 * text is what `render(el, { plainText: true })` would give, without drawing the tree a second time.
 */
export async function renderEmail(t: Template): Promise<Rendered> {
  const html = DOCTYPE + renderToStaticMarkup(element(t))
  // The text never depends on inline styles, which are more than half of the markup html-to-text would parse.
  return { html, text: toText(html.replace(INLINE_STYLE, '')) }
}

const INLINE_STYLE = / style="[^"]*"/g
