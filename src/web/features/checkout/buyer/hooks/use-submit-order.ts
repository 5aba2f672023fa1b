import { useRef, useState } from 'react'
import type { OrderResult } from '../../../../../shared/ordering'
import { toast } from '../../../../lib/toast'
import { keepKeyAfter, newIdempotencyKey, ORDER_FAILED_TEXT } from '../order-refusals'

/**
 * Sends the order once per attempt: the button is disabled while it runs, and the attempt's Idempotency-Key makes
 * a retried request (double submit, network retry) return the first answer instead of creating a second order.
 * `react` is what the page does about a refusal besides saying why (order-errors.ts, orderRefusal).
 */
export function useSubmitOrder(describe: (err: unknown) => string | Promise<string>, react?: (err: unknown) => void) {
  const key = useRef<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string>()

  async function submit(send: (idempotencyKey: string) => Promise<OrderResult>): Promise<OrderResult | undefined> {
    if (submitting) return undefined
    key.current ??= newIdempotencyKey()
    setSubmitting(true)
    setError(undefined)
    try {
      const result = await send(key.current)
      key.current = null
      return result
    } catch (err) {
      if (!keepKeyAfter(err)) key.current = null
      // The texts come from their own chunk (load-order-errors.ts); without it, the generic one.
      const message = await Promise.resolve()
        .then(() => describe(err))
        .catch(() => ORDER_FAILED_TEXT)
      setError(message)
      toast.error(message)
      react?.(err)
      return undefined
    } finally {
      setSubmitting(false)
    }
  }

  /** Forgets the last failure's text (the buyer was sent to another step to fix it; the toast said why). */
  const dismiss = () => setError(undefined)

  return { submit, submitting, error, dismiss }
}
