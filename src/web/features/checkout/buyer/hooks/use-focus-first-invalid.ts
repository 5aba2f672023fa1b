import { type RefObject, useCallback, useEffect, useState } from 'react'

/**
 * After a failed submit: focus the first field marked invalid, so the keyboard and the screen reader land on it
 * and its message (role="alert") is announced. The returned function asks for it; the focus happens once React has
 * committed the render that marks the fields (the same render as the errors, even when they come back from the
 * server after an await), never before.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>): () => void {
  const [requests, setRequests] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose for each request (the ref is stable)
  useEffect(() => {
    if (requests === 0) return
    const marked = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    if (!marked) return
    // A group (the shipping options) takes focus through its first choice.
    const field = marked.matches('fieldset') ? (marked.querySelector<HTMLElement>('input') ?? marked) : marked
    field.focus()
    field.scrollIntoView({ block: 'center' })
  }, [requests])
  return useCallback(() => setRequests((n) => n + 1), [])
}
