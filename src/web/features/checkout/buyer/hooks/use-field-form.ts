import { useCallback, useState } from 'react'
import type { FieldErrors } from '../../../../../shared/ordering-rules'

/**
 * A step's form state over one of the shared rule functions (the same ones the server's zod schemas call):
 * values, per-field errors cleared as soon as the field is edited (spec 001 §5), and validate-on-submit.
 */
export function useFieldForm<K extends string>(
  initial: Record<K, string>,
  rules: (values: Record<K, string>) => FieldErrors<K>,
) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors<K>>({})

  const set = useCallback((field: K, value: string) => {
    setValues((prev) => (prev[field] === value ? prev : { ...prev, [field]: value }))
    setErrors((prev) => (prev[field] ? { ...prev, [field]: undefined } : prev))
  }, [])

  /** Fills several fields at once (CEP auto-fill) without touching other fields' errors. */
  const fill = useCallback((patch: Partial<Record<K, string>>) => {
    setValues((prev) => ({ ...prev, ...patch }))
    setErrors((prev) => {
      const next = { ...prev }
      for (const k of Object.keys(patch) as K[]) delete next[k]
      return next
    })
  }, [])

  const setError = useCallback((field: K, message: string | undefined) => {
    setErrors((prev) => ({ ...prev, [field]: message }))
  }, [])

  /** The props that tie an input to a field: name, value, error, and onChange through an optional formatter. */
  function bind(field: K, format: (raw: string) => string = (raw) => raw) {
    return {
      name: field,
      value: values[field],
      error: errors[field],
      onChange: (e: { target: { value: string } }) => set(field, format(e.target.value)),
    }
  }

  function validate(): boolean {
    const found = rules(values)
    setErrors(found)
    return !Object.values(found).some(Boolean)
  }

  return { values, errors, set, fill, setError, setErrors, validate, bind }
}
