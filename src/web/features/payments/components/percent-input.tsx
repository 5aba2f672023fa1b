import { useEffect, useState } from 'react'
import { type Control, useController } from 'react-hook-form'
import type { PaymentConfigInput } from '../../../../shared/payments'
import { Input } from '../../../ui'

type PercentName = 'pixDiscountPercent' | 'boletoDiscountPercent' | 'monthlyInterestPercent'

/** '' reads as 0 (no discount, no interest); '2,89' and '2.89' are the same rate; anything else fails the schema. */
export const parsePercent = (text: string) => (text.trim() === '' ? 0 : Number(text.trim().replace(',', '.')))
/** A stored rate as a Brazilian types it: 2.99 → '2,99'. */
export const formatPercent = (n: unknown) =>
  typeof n === 'number' && Number.isFinite(n) ? n.toLocaleString('pt-BR', { maximumFractionDigits: 2 }) : ''

/**
 * A rate field that keeps the decimal comma: the form holds the number, the box shows what was typed, and a value
 * loaded from the server ('2.99') is shown as '2,99'.
 */
export function PercentInput({
  control,
  name,
  label,
  hint,
  disabled,
  error,
}: {
  control: Control<PaymentConfigInput>
  name: PercentName
  label: string
  hint?: string
  disabled?: boolean
  error?: string
}) {
  const { field } = useController({ control, name })
  const [text, setText] = useState(() => formatPercent(field.value))
  // A value set from outside (the saved configuration arriving, a reset) replaces the text; typing does not.
  useEffect(() => {
    setText((current) => (Object.is(parsePercent(current), field.value) ? current : formatPercent(field.value)))
  }, [field.value])
  return (
    <Input
      label={label}
      inputMode="decimal"
      disabled={disabled}
      hint={hint}
      error={error}
      name={field.name}
      ref={field.ref}
      value={text}
      onBlur={field.onBlur}
      onChange={(e) => {
        setText(e.target.value)
        field.onChange(parsePercent(e.target.value))
      }}
    />
  )
}
