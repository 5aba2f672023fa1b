import { type FormEvent, type ReactNode, useRef } from 'react'
import { formatCpf, formatPhone } from '../../../../../shared/br'
import { type CustomerFields, customerErrors, stripNonLetters } from '../../../../../shared/ordering-rules'
import { Button } from '../../../../ui/button'
import { Input } from '../../../../ui/field'
import { useFieldForm } from '../hooks/use-field-form'
import { useFocusFirstInvalid } from '../hooks/use-focus-first-invalid'
import { useReportChanges } from '../hooks/use-report-changes'

export type CustomerValues = Record<keyof CustomerFields, string>
export const EMPTY_CUSTOMER: CustomerValues = { name: '', email: '', phone: '', cpf: '' }

/**
 * Whether the saved data lets the buyer past the first step: name and contact. The CPF is checked when the step is
 * submitted and again at the payment (a recovery link never brings it back, cpf-confirm.tsx asks for it there).
 */
export function contactComplete(customer: CustomerValues): boolean {
  const { cpf: _cpf, ...errors } = customerErrors(customer)
  return !Object.values(errors).some(Boolean)
}

/**
 * Step 1: name, e-mail, phone and CPF, auto-formatted while typing and checked by the shared rules on submit. The
 * reminders consent (`consent`) sits with the contact fields it is about, above the button.
 */
export function CustomerStep({
  initial,
  submitLabel,
  onChange,
  onLeave,
  onNext,
  consent,
}: {
  initial: CustomerValues
  submitLabel: string
  /** Every edit, so the page can keep the form across a reload. */
  onChange?: (values: CustomerValues) => void
  /** The buyer left a field or tried to leave the step: the values are what they meant, not half-typed. */
  onLeave?: (values: CustomerValues) => void
  onNext: (values: CustomerValues) => void
  consent?: ReactNode
}) {
  const form = useFieldForm<keyof CustomerFields>(initial, customerErrors)
  const { values, bind } = form
  const ref = useRef<HTMLFormElement>(null)
  const focusFirstInvalid = useFocusFirstInvalid(ref)
  useReportChanges(values, onChange)

  function submit(e: FormEvent) {
    e.preventDefault()
    onLeave?.(values)
    if (form.validate()) onNext({ ...values, name: values.name.trim(), email: values.email.trim() })
    else focusFirstInvalid()
  }

  return (
    <form ref={ref} className="ck-card ck-step" onSubmit={submit} onBlur={() => onLeave?.(values)} noValidate>
      <h2 className="ck-card-title">Seus dados</h2>
      <Input label="Nome completo" autoComplete="name" {...bind('name', stripNonLetters)} />
      <Input label="E-mail" type="email" inputMode="email" autoComplete="email" {...bind('email')} />
      <Input
        label="Telefone"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(99) 99999-9999"
        {...bind('phone', formatPhone)}
      />
      {consent}
      <Input label="CPF" inputMode="numeric" placeholder="000.000.000-00" {...bind('cpf', formatCpf)} />
      <Button type="submit" size="lg" block>
        {submitLabel}
      </Button>
    </form>
  )
}
