import type { FormEvent } from 'react'
import { formatCpf, formatPhone } from '../../../../../shared/br'
import { type CustomerFields, customerErrors, stripNonLetters } from '../../../../../shared/ordering-rules'
import { Button, Input } from '../../../../ui'
import { useFieldForm } from '../hooks/use-field-form'

export type CustomerValues = Record<keyof CustomerFields, string>
export const EMPTY_CUSTOMER: CustomerValues = { name: '', email: '', phone: '', cpf: '' }

/** Step 1: name, e-mail, phone and CPF, auto-formatted while typing and checked by the shared rules on submit. */
export function CustomerStep({
  initial,
  submitLabel,
  onNext,
}: {
  initial: CustomerValues
  submitLabel: string
  onNext: (values: CustomerValues) => void
}) {
  const form = useFieldForm<keyof CustomerFields>(initial, customerErrors)
  const { values, bind } = form

  function submit(e: FormEvent) {
    e.preventDefault()
    if (form.validate()) onNext({ ...values, name: values.name.trim(), email: values.email.trim() })
  }

  return (
    <form className="ck-card ck-step" onSubmit={submit} noValidate>
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
      <Input label="CPF" inputMode="numeric" placeholder="000.000.000-00" {...bind('cpf', formatCpf)} />
      <Button type="submit" size="lg" block>
        {submitLabel}
      </Button>
    </form>
  )
}
