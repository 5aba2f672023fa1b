import type { ComponentProps, ReactNode } from 'react'
import { cx } from './cx'

/** An on/off switch: a checkbox announced as a switch, with its state (or name) written beside it. */
export function Switch({ label, className, ...rest }: ComponentProps<'input'> & { label: ReactNode }) {
  return (
    <label className={cx('ui-switch', className)}>
      <input type="checkbox" role="switch" {...rest} />
      <span>{label}</span>
    </label>
  )
}
