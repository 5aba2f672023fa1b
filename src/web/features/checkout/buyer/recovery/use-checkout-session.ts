import { useEffect, useRef, useState } from 'react'
import { forgetSession, hasContact, reportSession, saveConsent, savedConsent, sessionIdFor } from './checkout-session'

interface SessionInput {
  storeId: string
  productId: string
  step: number
  customer: { name: string; email: string; phone: string }
  shipping?: Record<string, string>
  bumpIds: string[]
  /** The coupon the server accepted on the quote, so a recovery link applies it again. */
  coupon?: string
}

/** How long the page waits after the last change before it reports: a few reports per visit, not one per key. */
const REPORT_DELAY_MS = 800

/**
 * The checkout session of this visit: reported once the contact is valid and again when the step, the bumps, the
 * coupon, the contact or the consent change. Never card data: the payment step's fields are not part of it.
 */
export function useCheckoutSession(input: SessionInput) {
  const { storeId, productId, step, customer, shipping, bumpIds, coupon } = input
  const [sessionId] = useState(() => sessionIdFor(storeId, productId))
  const [consent, setConsentState] = useState(() => savedConsent(storeId, productId))
  const last = useRef('')

  const report = JSON.stringify({ step, customer, shipping, bumpIds, coupon, consent })
  useEffect(() => {
    if (!hasContact(customer.email, customer.phone) || report === last.current) return
    const timer = setTimeout(() => {
      last.current = report
      reportSession({
        sessionId,
        storeId,
        productId,
        step: Math.min(Math.max(step, 1), 3),
        consent,
        fields: {
          customer: { name: customer.name.trim(), email: customer.email.trim(), phone: customer.phone },
          ...(shipping ? { shipping } : {}),
          orderBumps: bumpIds,
          ...(coupon ? { coupon } : {}),
        },
      })
    }, REPORT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [report, sessionId, storeId, productId, step, customer, shipping, bumpIds, coupon, consent])

  function setConsent(on: boolean) {
    saveConsent(storeId, productId, on)
    setConsentState(on)
  }

  return { sessionId, consent, setConsent, end: () => forgetSession(storeId, productId) }
}
