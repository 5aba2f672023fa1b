import { useRef, useState } from 'react'
import type { OrderResult } from '../../../../../shared/ordering'
import { toast } from '../../../../lib/toast'
import { keepKeyAfter, newIdempotencyKey } from '../order-errors'

/**
 * Sends the order once per attempt: the button is disabled while it runs, and the attempt's Idempotency-Key makes
 * a retried request (double submit, network retry) return the first answer instead of creating a second order.
 */
export function useSubmitOrder(describe: (err: unknown) => string) {
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
      const message = describe(err)
      setError(message)
      toast.error(message)
      return undefined
    } finally {
      setSubmitting(false)
    }
  }

  return { submit, submitting, error }
}
