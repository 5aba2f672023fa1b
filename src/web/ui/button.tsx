import type { ComponentProps } from 'react'
import { cx } from './cx'
import { Spinner } from './feedback'

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'success'

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant
  size?: 'sm' | 'md' | 'lg'
  loading?: boolean
  /** Text shown while loading (e.g. 'Entrando...'); the children otherwise. */
  loadingText?: string
  block?: boolean
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  loadingText,
  block,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx('btn', `btn-${variant}`, `btn-${size}`, block && 'btn-block', className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size="sm" />}
      {loading && loadingText ? loadingText : children}
    </button>
  )
}
