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

/** The id of the error (or hint) under the control `id`: screen readers read it with the control. */
const messageOf = (id: string) => `${id}-message`

/** Props that tie a control to its error or hint, so a screen reader announces them when the control takes focus. */
function described(id: string, { error, hint }: Pick<Labelled, 'error' | 'hint'>) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? messageOf(id) : undefined,
  }
}

/** Label above, control, then the error (or hint) text under it. */
export function Field({ label, error, hint, htmlFor, className, children }: FieldProps) {
  const messageId = htmlFor && messageOf(htmlFor)
  return (
    <div className={cx('field', error && 'field-invalid', className)}>
      {label && (
        <label className="field-label" htmlFor={htmlFor}>
          {label}
        </label>
      )}
      {children}
      {error ? (
        <p id={messageId} className="field-error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="field-hint">
          {hint}
        </p>
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
      <input id={inputId} className={cx('control', className)} {...described(inputId, { error, hint })} {...rest} />
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
      <textarea id={inputId} className={cx('control', className)} {...described(inputId, { error, hint })} {...rest} />
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
      <select id={inputId} className={cx('control', className)} {...described(inputId, { error, hint })} {...rest}>
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
