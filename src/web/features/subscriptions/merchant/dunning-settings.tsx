import { type FormEvent, useEffect, useState } from 'react'
import { ApiError } from '../../../lib/api'
import { Alert, Button, Card, Input, Loading } from '../../../ui'
import { useDunning, useSaveDunning } from '../api/settings'
import type { Dunning } from '../model'

interface DunningForm {
  retryDays: string
  cancelAfterDays: string
  graceDays: string
}

const toForm = (d: Dunning): DunningForm => ({
  retryDays: d.retryDays.join(', '),
  cancelAfterDays: String(d.cancelAfterDays),
  graceDays: String(d.graceDays),
})

/** '1, 3, 7' → [1, 3, 7]; the days must grow and stay within the cancel window. */
function parse(form: DunningForm): { value?: Dunning; errors: Partial<Record<keyof DunningForm, string>> } {
  const errors: Partial<Record<keyof DunningForm, string>> = {}
  const parts = form.retryDays.split(/[,;\s]+/).filter(Boolean)
  const retryDays = parts.map(Number)
  const cancelAfterDays = Number(form.cancelAfterDays)
  const graceDays = Number(form.graceDays)
  if (!Number.isInteger(cancelAfterDays) || cancelAfterDays < 1 || cancelAfterDays > 90)
    errors.cancelAfterDays = 'Informe de 1 a 90 dias'
  if (!Number.isInteger(graceDays) || graceDays < 0 || graceDays > 30) errors.graceDays = 'Informe de 0 a 30 dias'
  if (retryDays.some((d) => !Number.isInteger(d) || d < 1) || retryDays.length > 8)
    errors.retryDays = 'Use dias inteiros separados por vírgula, como 1, 3, 7'
  else if (retryDays.some((d, i) => i > 0 && d <= retryDays[i - 1])) errors.retryDays = 'Os dias devem ser crescentes'
  else if (!errors.cancelAfterDays && retryDays.some((d) => d >= cancelAfterDays))
    errors.retryDays = 'As tentativas devem acontecer antes do cancelamento'
  return Object.keys(errors).length ? { errors } : { value: { retryDays, cancelAfterDays, graceDays }, errors }
}

/** The store's dunning: when a refused renewal is tried again, when it cancels, and the grace on access. */
export function DunningSettings({ storeId }: { storeId: string }) {
  const dunning = useDunning(storeId)
  const save = useSaveDunning(storeId)
  const [form, setForm] = useState<DunningForm | undefined>()
  const [errors, setErrors] = useState<Partial<Record<keyof DunningForm, string>>>({})
  useEffect(() => {
    if (dunning.data) setForm(toForm(dunning.data))
  }, [dunning.data])

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!form) return
    const parsed = parse(form)
    setErrors(parsed.errors)
    if (parsed.value) save.mutate(parsed.value)
  }
  const bind = (name: keyof DunningForm) => ({
    value: form?.[name] ?? '',
    error: errors[name] ?? (save.error instanceof ApiError ? save.error.errors?.[name] : undefined),
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => f && { ...f, [name]: e.target.value })
      save.reset()
    },
  })

  return (
    <Card title="Cobrança de pagamentos recusados">
      {dunning.isPending && <Loading message="Carregando configurações..." />}
      {dunning.isError && <Alert tone="danger">Não foi possível carregar as configurações de cobrança.</Alert>}
      {form && (
        <form className="stack" onSubmit={submit} noValidate aria-label="Cobrança de pagamentos recusados">
          <div className="sub-grid">
            <Input
              label="Tentar de novo após (dias)"
              hint="Cartão recusado: nova tentativa nesses dias após o vencimento."
              {...bind('retryDays')}
            />
            <Input label="Cancelar após (dias em atraso)" inputMode="numeric" {...bind('cancelAfterDays')} />
            <Input
              label="Dias de carência no acesso"
              inputMode="numeric"
              hint="Acesso mantido após o fim do período pago."
              {...bind('graceDays')}
            />
          </div>
          {save.isError && <Alert tone="danger">{save.error.message}</Alert>}
          {save.isSuccess && <Alert tone="success">Configurações salvas.</Alert>}
          <div>
            <Button type="submit" loading={save.isPending} loadingText="Salvando...">
              Salvar cobrança
            </Button>
          </div>
        </form>
      )}
    </Card>
  )
}
