import { type FormEvent, useState } from 'react'
import {
  type AffiliateProgram,
  affiliateProgramSchema,
  DEFAULT_RELEASE_DAYS,
  type ReleaseDays,
} from '../../../../shared/affiliates'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Button, Card, Checkbox, Input, Select } from '../../../ui'
import { useSaveProgram } from '../api/affiliates'

interface FormState {
  enabled: boolean
  commission: string
  cookieDays: string
  attribution: 'LAST_CLICK' | 'FIRST_CLICK'
  autoApprove: boolean
  recurring: boolean
  releaseDays: ReleaseDays
}

function initial(p: AffiliateProgram | null): FormState {
  return {
    enabled: p?.enabled ?? true,
    commission: p ? String(p.commissionBps / 100) : '30',
    cookieDays: p ? (p.cookieDays === null ? '' : String(p.cookieDays)) : '60',
    attribution: p?.attribution ?? 'LAST_CLICK',
    autoApprove: p?.autoApprove ?? false,
    recurring: p?.recurring ?? false,
    releaseDays: p?.releaseDays ?? DEFAULT_RELEASE_DAYS,
  }
}

const RELEASE_LABELS: Record<keyof ReleaseDays, string> = {
  credit_card: 'Liberação cartão (dias)',
  pix: 'Liberação PIX (dias)',
  bank_slip: 'Liberação boleto (dias)',
}

/** The product's program: commission, cookie window, first or last click, approval and release days. */
export function ProgramForm(props: { storeId: string; productId: string; program: AffiliateProgram | null }) {
  const save = useSaveProgram(props.storeId, props.productId)
  const [form, setForm] = useState<FormState>(() => initial(props.program))
  const [errors, setErrors] = useState<Record<string, string>>({})

  async function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = affiliateProgramSchema.safeParse({
      enabled: form.enabled,
      commissionBps: Math.round(Number(form.commission.replace(',', '.')) * 100),
      cookieDays: form.cookieDays.trim() === '' ? null : Number(form.cookieDays),
      attribution: form.attribution,
      autoApprove: form.autoApprove,
      recurring: form.recurring,
      releaseDays: form.releaseDays,
    })
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])))
      return
    }
    setErrors({})
    try {
      await save.mutateAsync(parsed.data)
      toast.success('Programa de afiliados salvo')
    } catch (err) {
      if (err instanceof ApiError && err.errors) setErrors(err.errors)
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível salvar o programa')
    }
  }

  return (
    <Card title="Programa de afiliados">
      <form className="af-form" onSubmit={submit} noValidate aria-label="Programa de afiliados">
        <Checkbox
          label="Aceitar afiliados neste produto"
          checked={form.enabled}
          onChange={(e) => setForm({ ...form, enabled: e.currentTarget.checked })}
        />
        <Input
          label="Comissão (%)"
          inputMode="decimal"
          value={form.commission}
          error={errors.commissionBps}
          onChange={(e) => setForm({ ...form, commission: e.currentTarget.value })}
        />
        <Input
          label="Prazo do cookie (dias; vazio = para sempre)"
          type="number"
          min={1}
          value={form.cookieDays}
          error={errors.cookieDays}
          onChange={(e) => setForm({ ...form, cookieDays: e.currentTarget.value })}
        />
        <Select
          label="Atribuição"
          value={form.attribution}
          options={[
            { value: 'LAST_CLICK', label: 'Último clique' },
            { value: 'FIRST_CLICK', label: 'Primeiro clique' },
          ]}
          onChange={(e) => setForm({ ...form, attribution: e.currentTarget.value as FormState['attribution'] })}
        />
        <Checkbox
          label="Aprovar afiliados automaticamente"
          checked={form.autoApprove}
          onChange={(e) => setForm({ ...form, autoApprove: e.currentTarget.checked })}
        />
        <Checkbox
          label="Comissão recorrente (assinaturas: paga também a cada renovação)"
          checked={form.recurring}
          onChange={(e) => setForm({ ...form, recurring: e.currentTarget.checked })}
        />
        {(Object.keys(RELEASE_LABELS) as (keyof ReleaseDays)[]).map((k) => (
          <Input
            key={k}
            label={RELEASE_LABELS[k]}
            type="number"
            min={0}
            value={String(form.releaseDays[k])}
            error={errors.releaseDays}
            onChange={(e) =>
              setForm({ ...form, releaseDays: { ...form.releaseDays, [k]: Number(e.currentTarget.value) } })
            }
          />
        ))}
        <Button type="submit" loading={save.isPending}>
          Salvar programa
        </Button>
      </form>
    </Card>
  )
}
