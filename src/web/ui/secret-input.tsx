import { type ComponentProps, type ReactNode, useState } from 'react'
import { Button } from './button'
import { cx } from './cx'

/**
 * A secret (an API key, a token) typed hidden, with 'Mostrar'/'Ocultar' beside it; `children` adds more buttons to
 * the row. Put it in a Field whose htmlFor is the input's id.
 */
export function SecretInput({
  error,
  rowClassName,
  children,
  ...rest
}: ComponentProps<'input'> & { error?: string; rowClassName?: string; children?: ReactNode }) {
  const [visible, setVisible] = useState(false)
  return (
    <div className={cx('input-row', rowClassName)}>
      <input
        type={visible ? 'text' : 'password'}
        className="control"
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        {...rest}
      />
      <Button variant="secondary" onClick={() => setVisible((v) => !v)}>
        {visible ? 'Ocultar' : 'Mostrar'}
      </Button>
      {children}
    </div>
  )
}
