import { useEffect, useState } from 'react'
import {
  isMaskedToken,
  PIXEL_MESSAGES,
  PIXEL_TOGGLES,
  type PixelConfig,
  type PixelToggle,
  pixelConfigInputSchema,
  pixelIdError,
} from '../../../../shared/pixel'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Button, Card, Checkbox, Field, SecretInput, Switch } from '../../../ui'
import { useSavePixelConfig } from '../api/pixel'

const TOGGLE_LABELS: Record<PixelToggle, { label: string; hint: string }> = {
  trackPageView: { label: 'PageView', hint: 'Quando a página do checkout abre.' },
  trackAddToCart: { label: 'AddToCart', hint: 'Quando o produto do checkout carrega.' },
  trackInitiateCheckout: { label: 'InitiateCheckout', hint: 'Ao avançar para o pagamento (também pelo servidor).' },
  trackPurchase: {
    label: 'Purchase',
    hint: 'Quando o pedido é pago, pelo navegador e pelo servidor, contado uma vez.',
  },
  trackLead: { label: 'Lead', hint: 'Quando o comprador informa um e-mail válido no checkout (uma vez por visita).' },
  trackCompleteRegistration: {
    label: 'CompleteRegistration',
    hint: 'Quando nome, e-mail, telefone e CPF do comprador estão completos e válidos (uma vez por visita).',
  },
}

type Errors = Partial<Record<'pixelId' | 'accessToken' | 'testEventCode', string>>

export type PixelDraft = Pick<PixelConfig, 'pixelId' | 'active'>

/** The configuration form (spec 002 §2.4): id, token, test code, the switch and the event toggles. */
export function PixelForm({
  storeId,
  config,
  onDraft,
}: {
  storeId: string
  config: PixelConfig
  onDraft: (draft: PixelDraft) => void
}) {
  const save = useSavePixelConfig(storeId)
  const [pixelId, setPixelId] = useState(config.pixelId)
  const [accessToken, setAccessToken] = useState(config.accessToken)
  const [testEventCode, setTestEventCode] = useState(config.testEventCode)
  const [active, setActive] = useState(config.active)
  const [toggles, setToggles] = useState(() => Object.fromEntries(PIXEL_TOGGLES.map((k) => [k, config[k]])))
  const [errors, setErrors] = useState<Errors>({})

  useEffect(() => onDraft({ pixelId: pixelId.trim(), active }), [pixelId, active, onDraft])

  async function onSave() {
    const input = {
      pixelId: pixelId.trim(),
      active,
      // The masked value the server showed means "keep the stored token".
      accessToken: isMaskedToken(accessToken) ? '' : accessToken.trim(),
      testEventCode: testEventCode.trim(),
      ...toggles,
    }
    const next: Errors = {}
    const idError = pixelIdError(input)
    if (idError) next.pixelId = idError
    const parsed = pixelConfigInputSchema.safeParse(input)
    if (!parsed.success) for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message
    setErrors(next)
    if (Object.keys(next).length > 0) return
    try {
      const saved = await save.mutateAsync(input)
      setAccessToken(saved.accessToken)
      toast.success(PIXEL_MESSAGES.saved)
    } catch (err) {
      const fields = err instanceof ApiError ? (err.errors as Errors | undefined) : undefined
      if (fields) setErrors(fields)
      toast.error(err instanceof ApiError && err.message ? err.message : PIXEL_MESSAGES.saveFailed)
    }
  }

  async function onRemoveToken() {
    try {
      const saved = await save.mutateAsync({ accessToken: null })
      setAccessToken(saved.accessToken)
      toast.success(PIXEL_MESSAGES.tokenRemoved)
    } catch (err) {
      toast.error(err instanceof ApiError && err.message ? err.message : PIXEL_MESSAGES.saveFailed)
    }
  }

  return (
    <Card
      title="Configuração básica"
      className="settings-card"
      actions={
        <Switch
          checked={active}
          onChange={(e) => setActive(e.target.checked)}
          aria-label="Pixel ativo"
          label={active ? 'Ativo' : 'Inativo'}
        />
      }
    >
      <Field
        label="ID do Pixel"
        htmlFor="pixelId"
        error={errors.pixelId}
        hint="15 ou 16 dígitos, no Gerenciador de Eventos"
      >
        <input
          id="pixelId"
          className="control"
          inputMode="numeric"
          autoComplete="off"
          placeholder="123456789012345"
          value={pixelId}
          aria-invalid={errors.pixelId ? true : undefined}
          onChange={(e) => setPixelId(e.target.value)}
        />
      </Field>
      <Field
        label="Token de acesso da API de Conversões (opcional)"
        htmlFor="accessToken"
        error={errors.accessToken}
        hint="Com o token, o servidor também envia InitiateCheckout e Purchase à Meta, mesmo com bloqueador de anúncios."
      >
        <SecretInput
          id="accessToken"
          rowClassName="pixel-token-row"
          placeholder="EAAB..."
          value={accessToken}
          error={errors.accessToken}
          onChange={(e) => setAccessToken(e.target.value)}
          onFocus={() => isMaskedToken(accessToken) && setAccessToken('')}
          onBlur={() => accessToken === '' && setAccessToken(config.accessToken)}
        >
          {config.hasAccessToken && (
            <Button variant="secondary" onClick={onRemoveToken} disabled={save.isPending}>
              Remover
            </Button>
          )}
        </SecretInput>
      </Field>
      <Field
        label="Código de teste (opcional)"
        htmlFor="testEventCode"
        error={errors.testEventCode}
        hint="Da aba Testar eventos da Meta; apague depois de testar."
      >
        <input
          id="testEventCode"
          className="control"
          autoComplete="off"
          placeholder="TEST12345"
          value={testEventCode}
          onChange={(e) => setTestEventCode(e.target.value)}
        />
      </Field>
      <fieldset className="pixel-toggles">
        <legend>Eventos</legend>
        {PIXEL_TOGGLES.map((key) => (
          <div key={key} className="pixel-toggle">
            <Checkbox
              label={TOGGLE_LABELS[key].label}
              checked={Boolean(toggles[key])}
              onChange={(e) => setToggles((t) => ({ ...t, [key]: e.target.checked }))}
            />
            <span className="muted">{TOGGLE_LABELS[key].hint}</span>
          </div>
        ))}
      </fieldset>
      <div>
        <Button onClick={onSave} loading={save.isPending}>
          Salvar configuração
        </Button>
      </div>
    </Card>
  )
}
