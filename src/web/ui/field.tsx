import { type ComponentProps, type ReactNode, useId } from 'react'
import { cx } from './cx'

export interface FieldProps {
  label?: ReactNode
  error?: string
  hint?: ReactNode
  htmlFor?: string
  className?: string
  children: ReactNode
}

/** Label above, control, then the error (or hint) text under it. */
export function Field({ label, error, hint, htmlFor, className, children }: FieldProps) {
  return (
    <div className={cx('field', error && 'field-invalid', className)}>
      {label && (
        <label className="field-label" htmlFor={htmlFor}>
          {label}
        </label>
      )}
      {children}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="field-hint">{hint}</p>
      ) : null}
    </div>
  )
}

interface Labelled {
  label?: ReactNode
  error?: string
  hint?: ReactNode
  fieldClassName?: string
}

export function Input({
  label,
  error,
  hint,
  fieldClassName,
  id,
  className,
  ...rest
}: ComponentProps<'input'> & Labelled) {
  const auto = useId()
  const inputId = id ?? auto
  return (
    <Field label={label} error={error} hint={hint} htmlFor={inputId} className={fieldClassName}>
      <input id={inputId} className={cx('control', className)} aria-invalid={error ? true : undefined} {...rest} />
    </Field>
  )
}

export function Textarea({
  label,
  error,
  hint,
  fieldClassName,
  id,
  className,
  ...rest
}: ComponentProps<'textarea'> & Labelled) {
  const auto = useId()
  const inputId = id ?? auto
  return (
    <Field label={label} error={error} hint={hint} htmlFor={inputId} className={fieldClassName}>
      <textarea id={inputId} className={cx('control', className)} aria-invalid={error ? true : undefined} {...rest} />
    </Field>
  )
}

export function Select({
  label,
  error,
  hint,
  fieldClassName,
  id,
  className,
  children,
  ...rest
}: ComponentProps<'select'> & Labelled) {
  const auto = useId()
  const inputId = id ?? auto
  return (
    <Field label={label} error={error} hint={hint} htmlFor={inputId} className={fieldClassName}>
      <select id={inputId} className={cx('control', className)} aria-invalid={error ? true : undefined} {...rest}>
        {children}
      </select>
    </Field>
  )
}

export function Checkbox({ label, className, ...rest }: ComponentProps<'input'> & { label: ReactNode }) {
  return (
    <label className={cx('checkbox', className)}>
      <input type="checkbox" {...rest} />
      <span>{label}</span>
    </label>
  )
}
