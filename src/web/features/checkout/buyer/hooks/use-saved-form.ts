import { useCallback, useEffect, useState } from 'react'

/**
 * Checkout data kept in sessionStorage per product, so a reload (or the phone discarding the tab while the buyer
 * checks the bank app) does not empty the form. Only what the buyer typed in the customer and address steps: card
 * data never goes in here.
 */
export function useSavedForm<T extends object>(key: string, initial: T) {
  const storageKey = `checkout-form:${key}`
  const [value, setValue] = useState<T>(() => {
    try {
      const saved = sessionStorage.getItem(storageKey)
      return saved ? { ...initial, ...(JSON.parse(saved) as Partial<T>) } : initial
    } catch {
      return initial
    }
  })

  useEffect(() => {
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(value))
    } catch {
      // Private mode or a full storage: the checkout still works, it just does not survive a reload.
    }
  }, [storageKey, value])

  const update = useCallback((patch: Partial<T>) => setValue((prev) => ({ ...prev, ...patch })), [])

  /** After the order exists: a later visit to the checkout starts empty. */
  const clear = useCallback(() => {
    try {
      sessionStorage.removeItem(storageKey)
    } catch {
      // see above
    }
  }, [storageKey])

  return { value, update, clear }
}
