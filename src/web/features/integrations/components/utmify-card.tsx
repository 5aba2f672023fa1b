import { useEffect, useState } from 'react'
import {
  isMaskedUtmifyKey,
  UTMIFY_BANNER_MS,
  UTMIFY_MESSAGES,
  UTMIFY_PLATFORM,
  utmifyConfigInputSchema,
} from '../../../../shared/integrations'
import { ApiError } from '../../../lib/api'
import { Alert, Button, Card, Field, SecretInput, Switch } from '../../../ui'
import { useSaveUtmifyConfig, useSimulateSale, useUtmifyConfig } from '../api/utmify'

type Banner = { tone: 'success' | 'danger'; text: string }

const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError && err.message ? err.message : fallback)

/** The UTMify card (spec 002 §2.7): switch, API key with show/hide, fixed platform name, save and a test sale. */
export function UtmifyCard({ storeId }: { storeId: string }) {
  const config = useUtmifyConfig(storeId)
  const save = useSaveUtmifyConfig(storeId)
  const simulate = useSimulateSale(storeId)
  const [apiKey, setApiKey] = useState('')
  const [active, setActive] = useState(false)
  const [keyError, setKeyError] = useState<string>()
  const [banner, setBanner] = useState<Banner>()

  // A load failure silently resets to an empty, inactive configuration (spec 002 §4).
  useEffect(() => {
    setApiKey(config.data?.utmfyApiKey ?? '')
    setActive(config.data?.utmfyActive ?? false)
  }, [config.data])

  useEffect(() => {
    if (!banner) return
    const timer = setTimeout(() => setBanner(undefined), UTMIFY_BANNER_MS)
    return () => clearTimeout(timer)
  }, [banner])

  async function onSave() {
    const parsed = utmifyConfigInputSchema.safeParse({ utmfyApiKey: apiKey, utmfyActive: active })
    if (!parsed.success) {
      setKeyError(parsed.error.issues[0]?.message)
      return
    }
    setKeyError(undefined)
    try {
      // The masked value the server showed means "keep the stored key".
      await save.mutateAsync({ utmfyApiKey: isMaskedUtmifyKey(apiKey) ? '' : apiKey.trim(), utmfyActive: active })
      setBanner({ tone: 'success', text: UTMIFY_MESSAGES.saved })
    } catch (err) {
      setBanner({ tone: 'danger', text: messageOf(err, UTMIFY_MESSAGES.saveFailed) })
    }
  }

  async function onSimulate() {
    try {
      const result = await simulate.mutateAsync()
      setBanner(
        result.success
          ? { tone: 'success', text: UTMIFY_MESSAGES.simulated(result.orderId ?? '') }
          : { tone: 'danger', text: result.error || UTMIFY_MESSAGES.simulateFailed },
      )
    } catch (err) {
      setBanner({ tone: 'danger', text: messageOf(err, UTMIFY_MESSAGES.simulateFailed) })
    }
  }

  return (
    <Card
      title="UTMify"
      className="settings-card"
      actions={
        <Switch
          checked={active}
          onChange={(e) => setActive(e.target.checked)}
          aria-label="Integração UTMify ativa"
          label={active ? 'Ativa' : 'Inativa'}
        />
      }
    >
      <p className="muted">
        Envie cada venda para a UTMify com a campanha que a trouxe (UTM), do pedido gerado ao pagamento, recusa ou
        reembolso, e veja no seu painel de anúncios a receita real por campanha.
      </p>
      <div data-testid="utmify-banner" aria-live="polite">
        {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
      </div>
      <Field label="Chave da API (x-api-token)" htmlFor="utmfyApiKey" error={keyError}>
        <SecretInput
          id="utmfyApiKey"
          placeholder="Cole aqui a credencial da UTMify"
          value={apiKey}
          error={keyError}
          onChange={(e) => setApiKey(e.target.value)}
          onFocus={() => isMaskedUtmifyKey(apiKey) && setApiKey('')}
        />
      </Field>
      {config.data?.hasApiKey && (
        <p className="muted">
          Chave salva: <code>{config.data.utmfyApiKey}</code>. Deixe o campo como está para mantê-la.
        </p>
      )}
      <Field label="Plataforma" htmlFor="utmifyPlatform">
        <input id="utmifyPlatform" className="control" value={UTMIFY_PLATFORM} readOnly />
      </Field>
      <div className="integration-actions">
        <Button onClick={onSave} loading={save.isPending}>
          Salvar
        </Button>
        <Button variant="secondary" onClick={onSimulate} loading={simulate.isPending}>
          Simular Venda
        </Button>
      </div>
      <details className="integration-help">
        <summary>Como configurar</summary>
        <ol>
          <li>Na UTMify, abra Integrações › Webhooks › Credenciais de API e crie uma credencial.</li>
          <li>Cole a credencial acima, ligue a integração e clique em Salvar.</li>
          <li>Clique em Simular Venda: uma venda de teste aparece no seu painel da UTMify.</li>
          <li>
            Use links de checkout com parâmetros, por exemplo{' '}
            <code>?utm_source=FB&amp;utm_campaign=...&amp;src=...</code>: cada pedido chega à UTMify com a campanha que
            o trouxe.
          </li>
        </ol>
      </details>
    </Card>
  )
}
