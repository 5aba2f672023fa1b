import { type ChangeEvent, useState } from 'react'
import type { ZodType } from 'zod'

type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T]

/**
 * A form's values kept as typed, a setter per field, and the message under each field: the first the API's own
 * schema gives (checked before sending) or the server's answer.
 */
export function useDraft<T extends object>(initial: () => T) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const set = <K extends keyof T>(key: K, value: T[K]) => setValues((v) => ({ ...v, [key]: value }))

  /** An Input's value, message and onChange for a text field. */
  const field = <K extends TextKey<T>>(key: K) => ({
    value: values[key] as string,
    error: errors[key as string],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set(key, e.target.value as T[K]),
  })

  /** Whether `schema` accepts `body`; if not, its messages go under the fields and nothing should be sent. */
  function check(schema: ZodType, body: unknown): boolean {
    const checked = schema.safeParse(body)
    if (checked.success) {
      setErrors({})
      return true
    }
    const next: Record<string, string> = {}
    for (const issue of checked.error.issues) next[issue.path.join('.')] ??= issue.message
    setErrors(next)
    return false
  }

  return { values, set, field, errors, setErrors, check }
}
