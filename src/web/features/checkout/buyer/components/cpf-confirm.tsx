import { useEffect, useRef } from 'react'
import { formatCpf } from '../../../../../shared/br'
import { Input } from '../../../../ui/field'

/**
 * The CPF, asked at the payment step when the first step's data came without it: a recovery link restores the step
 * and the address but never the CPF (nor the card). A failed 'Finalizar Compra' puts the cursor here with the reason.
 */
export function CpfConfirm({
  value,
  error,
  onChange,
}: {
  value: string
  /** A new object at each refused attempt, so the cursor comes back each time. */
  error: { message: string } | undefined
  onChange: (cpf: string) => void
}) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (error) ref.current?.focus()
  }, [error])
  return (
    <section className="ck-card ck-step" aria-labelledby="ck-cpf-title" data-testid="cpf-confirm">
      <h2 className="ck-card-title" id="ck-cpf-title">
        Confirme seu CPF
      </h2>
      <p className="ck-muted">Por segurança, o CPF não fica guardado: informe-o para finalizar a compra.</p>
      <Input
        ref={ref}
        label="CPF"
        name="cpf"
        inputMode="numeric"
        placeholder="000.000.000-00"
        value={value}
        error={error?.message}
        onChange={(e) => onChange(formatCpf(e.target.value))}
      />
    </section>
  )
}
