/**
 * subscriptions (issue 36): the small part of PIX Automático both pages need at once, kept tiny because the
 * checkout and the order page import it statically (the panel itself is in the lazy plans chunk).
 *
 * The order page does not say which plan an order subscribes to, so this browser remembers it when the order is
 * placed (`rememberPixAutomatic`), and the order page asks the mandate's QR for that plan (`pixAutomaticPlanOf`).
 */
export const PIX_AUTOMATIC_LABEL = 'Pix Automático'
export const PIX_AUTOMATIC_HINT = 'Autorize uma vez no app do banco; as próximas cobranças são automáticas'
/** A plan offering both: the plain PIX's own words (a new code before each due date). */
export const PIX_EACH_PERIOD_LABEL = 'PIX a cada período'
export const PIX_EACH_PERIOD_HINT = 'Você recebe um novo código PIX por e-mail antes de cada vencimento'

const KEY = (orderId: string) => `ck-pix-automatic:${orderId}`

export function rememberPixAutomatic(orderId: string, planId: string): void {
  try {
    localStorage.setItem(KEY(orderId), planId)
  } catch {
    // Private mode or full storage: the order page then shows the plain PIX QR (it still pays the order).
  }
}

export function pixAutomaticPlanOf(orderId: string): string | undefined {
  try {
    return localStorage.getItem(KEY(orderId)) ?? undefined
  } catch {
    return undefined
  }
}
