import { type ComponentProps, type ElementType, type ReactNode, useId } from 'react'
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

type ControlTag = 'input' | 'textarea' | 'select'

/** One of the option lists a Select takes: a value shown as itself, or a value with its label. */
export type SelectOption = string | { value: string | number; label: ReactNode }

type ControlProps<T extends ControlTag> = ComponentProps<T> & Labelled

/** A control in its Field: the label is tied to it by id (given or generated), the error or hint describes it. */
function LabelledControl<T extends ControlTag>({
  as,
  label,
  error,
  hint,
  fieldClassName,
  id,
  className,
  ...rest
}: ControlProps<T> & { as: T }) {
  const Tag = as as ElementType
  const auto = useId()
  const inputId = id ?? auto
  return (
    <Field label={label} error={error} hint={hint} htmlFor={inputId} className={fieldClassName}>
      <Tag id={inputId} className={cx('control', className)} {...described(inputId, { error, hint })} {...rest} />
    </Field>
  )
}

export function Input(props: ControlProps<'input'>) {
  return <LabelledControl as="input" {...props} />
}

export function Textarea(props: ControlProps<'textarea'>) {
  return <LabelledControl as="textarea" {...props} />
}

/** `children` first (a 'Todos' or 'Selecione' option), then one option per entry of `options`. */
export function Select({ options, children, ...rest }: ControlProps<'select'> & { options?: readonly SelectOption[] }) {
  return (
    <LabelledControl as="select" {...rest}>
      {children}
      {options?.map((o) => {
        const { value, label } = typeof o === 'string' ? { value: o, label: o } : o
        return (
          <option key={value} value={value}>
            {label}
          </option>
        )
      })}
    </LabelledControl>
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
