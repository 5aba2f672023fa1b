import { useEffect, useRef } from 'react'

/** Tells the parent every change of `values` (to save the draft); the latest `onChange` is called, and a new
 *  callback alone does not count as a change. */
export function useReportChanges<T>(values: T, onChange?: (values: T) => void) {
  const changed = useRef(onChange)
  changed.current = onChange
  useEffect(() => {
    changed.current?.(values)
  }, [values])
}
