import { type FormEvent, useEffect, useState } from 'react'
import { type RecoverySettings, recoverySettingsSchema } from '../../../../shared/recovery'
import { toast } from '../../../lib/toast'
import { Button, Card, Checkbox, Input } from '../../../ui'
import { useRecoverySettings, useSaveRecoverySettings } from '../api/recovery'

/** When the two reminders go out (minutes after the buyer left), and whether they go at all. */
export function RecoverySettingsForm({ storeId }: { storeId: string }) {
  const current = useRecoverySettings(storeId)
  const save = useSaveRecoverySettings(storeId)
  const [form, setForm] = useState<RecoverySettings | null>(null)
  const [error, setError] = useState<string | undefined>()
  useEffect(() => {
    if (current.data && !form) setForm(current.data)
  }, [current.data, form])
  if (!form) return null

  async function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = recoverySettingsSchema.safeParse(form)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message)
    setError(undefined)
    try {
      await save.mutateAsync(parsed.data)
      toast.success('Configurações salvas!')
    } catch {
      toast.error('Não foi possível salvar as configurações')
    }
  }

  return (
    <Card>
      <form className="rc-settings" onSubmit={submit} noValidate>
        <Checkbox
          label="Enviar lembretes por e-mail (só para quem marcou que quer recebê-los)"
          checked={form.enabled}
          onChange={(e) => setForm({ ...form, enabled: e.currentTarget.checked })}
        />
        <Input
          label="1º lembrete (minutos depois)"
          type="number"
          min={5}
          value={String(form.firstDelayMinutes)}
          onChange={(e) => setForm({ ...form, firstDelayMinutes: Number(e.currentTarget.value) })}
        />
        <Input
          label="2º lembrete (minutos depois)"
          type="number"
          min={10}
          value={String(form.secondDelayMinutes)}
          error={error}
          onChange={(e) => setForm({ ...form, secondDelayMinutes: Number(e.currentTarget.value) })}
        />
        <Button type="submit" loading={save.isPending}>
          Salvar
        </Button>
      </form>
    </Card>
  )
}
