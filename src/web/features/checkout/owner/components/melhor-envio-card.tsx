import { type FormEvent, useEffect, useId, useState } from 'react'
import {
  ME_MESSAGES,
  ME_SERVICES,
  type MelhorEnvioSettings,
  melhorEnvioSettingsInputSchema,
  ZONES_MODE_LABELS,
  ZONES_MODES,
  type ZonesMode,
} from '../../../../../shared/melhor-envio'
import { formatDecimalInput, parseDecimalInput } from '../../../../../shared/shipping'
import { ApiError } from '../../../../lib/api'
import { toast } from '../../../../lib/toast'
import { Button, Card, Checkbox, Field, Input, SecretInput, Select } from '../../../../ui'
import { useMelhorEnvio, useSaveMelhorEnvio } from '../api/shipping-options'

const SENDER_FIELDS = [
  { key: 'name', label: 'Remetente (nome ou razão social)' },
  { key: 'document', label: 'CPF ou CNPJ' },
  { key: 'phone', label: 'Telefone' },
  { key: 'email', label: 'E-mail' },
  { key: 'address', label: 'Endereço' },
  { key: 'number', label: 'Número' },
  { key: 'district', label: 'Bairro' },
  { key: 'city', label: 'Cidade' },
  { key: 'state', label: 'UF' },
] as const
type SenderDraft = Record<(typeof SENDER_FIELDS)[number]['key'], string>
const EMPTY_SENDER: SenderDraft = Object.fromEntries(SENDER_FIELDS.map((f) => [f.key, ''])) as SenderDraft

interface Draft {
  sender: SenderDraft
  token: string
  originCep: string
  services: number[]
  markupType: 'FIXED' | 'PERCENT'
  markupValue: string
  freeAbove: string
  zones: ZonesMode
  active: boolean
}

const draftOf = (s?: MelhorEnvioSettings): Draft => ({
  sender: s?.sender ? { ...EMPTY_SENDER, ...s.sender } : EMPTY_SENDER,
  token: s?.tokenMasked ?? '',
  originCep: s?.originCep ?? '',
  services: s?.services ?? [1, 2],
  markupType: s?.markup.type ?? 'FIXED',
  markupValue: s ? formatDecimalInput(s.markup.value, 2) : '0,00',
  freeAbove: s?.freeShippingAbove == null ? '' : formatDecimalInput(s.freeShippingAbove, 2),
  zones: s?.zones ?? 'BESIDE',
  active: s?.active ?? false,
})

const numberOf = (v: string) => Number(parseDecimalInput(v))

/**
 * 'Melhor Envio' (issue 38): the store's token (write-only, shown masked), origin CEP, the services the buyer may
 * pick, the markup and 'frete grátis acima de'. Its quotes are offered beside the options below or instead of them.
 */
export function MelhorEnvioCard({ storeId }: { storeId: string }) {
  const settings = useMelhorEnvio(storeId)
  const save = useSaveMelhorEnvio(storeId)
  const [draft, setDraft] = useState<Draft>(draftOf())
  const [errors, setErrors] = useState<Record<string, string>>({})
  const tokenId = useId()

  useEffect(() => {
    if (settings.data) setDraft(draftOf(settings.data))
  }, [settings.data])

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = melhorEnvioSettingsInputSchema.safeParse({
      token: draft.token,
      originCep: draft.originCep,
      services: draft.services,
      markup: { type: draft.markupType, value: numberOf(draft.markupValue) },
      freeShippingAbove: draft.freeAbove.trim() === '' ? null : numberOf(draft.freeAbove),
      // All blank: no sender yet (quotes work without it; labels ask for it).
      sender: Object.values(draft.sender).every((v) => v.trim() === '') ? null : draft.sender,
      zones: draft.zones,
      active: draft.active,
    })
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((i) => [
            i.path[0] === 'sender' ? `sender.${String(i.path[1])}` : String(i.path[0]),
            i.message,
          ]),
        ),
      )
      return
    }
    setErrors({})
    try {
      await save.mutateAsync(parsed.data)
      toast.success(ME_MESSAGES.saved)
    } catch (err) {
      if (err instanceof ApiError && err.errors) setErrors(err.errors)
      toast.error((err instanceof ApiError && err.message) || ME_MESSAGES.saveError)
    }
  }

  return (
    <Card title="Melhor Envio" className="melhor-envio-card" data-testid="melhor-envio">
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <p className="muted small">
          Conecte sua conta do Melhor Envio para mostrar ao comprador os preços e prazos reais dos Correios e
          transportadoras, ao lado ou no lugar das opções abaixo. Os produtos físicos passam a exigir peso e dimensões.
        </p>
        <Field label="Token do Melhor Envio" htmlFor={tokenId} error={errors.token}>
          <SecretInput
            id={tokenId}
            value={draft.token}
            placeholder="Cole o token gerado no painel do Melhor Envio"
            onChange={(e) => set('token', e.target.value)}
            error={errors.token}
          />
        </Field>
        <Input
          label="CEP de origem"
          inputMode="numeric"
          placeholder="00000-000"
          value={draft.originCep}
          onChange={(e) => set('originCep', e.target.value)}
          error={errors.originCep}
        />
        <Field label="Serviços oferecidos" error={errors.services}>
          <div className="row wrap">
            {ME_SERVICES.map((s) => (
              <Checkbox
                key={s.id}
                label={s.label}
                checked={draft.services.includes(s.id)}
                onChange={(e) =>
                  set(
                    'services',
                    e.target.checked ? [...draft.services, s.id] : draft.services.filter((id) => id !== s.id),
                  )
                }
              />
            ))}
          </div>
        </Field>
        <div className="row wrap">
          <Select
            label="Acréscimo"
            value={draft.markupType}
            onChange={(e) => set('markupType', e.target.value as Draft['markupType'])}
          >
            <option value="FIXED">Valor fixo (R$)</option>
            <option value="PERCENT">Percentual (%)</option>
          </Select>
          <Input
            label={draft.markupType === 'FIXED' ? 'Valor do acréscimo (R$)' : 'Acréscimo (%)'}
            inputMode="decimal"
            value={draft.markupValue}
            onChange={(e) => set('markupValue', e.target.value)}
            error={errors.markup}
          />
          <Input
            label="Frete grátis acima de (R$)"
            inputMode="decimal"
            placeholder="Sem frete grátis"
            value={draft.freeAbove}
            onChange={(e) => set('freeAbove', e.target.value)}
            error={errors.freeShippingAbove}
          />
        </div>
        <Select
          label="Cotações no checkout"
          value={draft.zones}
          onChange={(e) => set('zones', e.target.value as ZonesMode)}
          error={errors.zones}
        >
          {ZONES_MODES.map((m) => (
            <option key={m} value={m}>
              {ZONES_MODE_LABELS[m]}
            </option>
          ))}
        </Select>
        <fieldset className="stack">
          <legend className="small muted">Remetente das etiquetas (necessário para gerar etiquetas)</legend>
          <div className="row wrap">
            {SENDER_FIELDS.map((f) => (
              <Input
                key={f.key}
                label={f.label}
                value={draft.sender[f.key]}
                onChange={(e) => set('sender', { ...draft.sender, [f.key]: e.target.value })}
                error={errors[`sender.${f.key}`]}
              />
            ))}
          </div>
        </fieldset>
        <Checkbox
          label="Oferecer o frete do Melhor Envio no checkout"
          checked={draft.active}
          onChange={(e) => set('active', e.target.checked)}
        />
        <div className="form-actions">
          <Button type="submit" loading={save.isPending} loadingText="Salvando..." disabled={settings.isPending}>
            Salvar Melhor Envio
          </Button>
        </div>
      </form>
    </Card>
  )
}
