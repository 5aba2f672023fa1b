import { useState } from 'react'
import { NO_SHIPPING_OPTION, SHIPPING_FALLBACK_LABEL, SHIPPING_SETTINGS_MESSAGES } from '../../../../../shared/checkout'
import { formatBRL } from '../../../../../shared/money'
import { FALLBACK_SHIPPING } from '../../../../../shared/ordering-rules'
import { ApiError } from '../../../../lib/api'
import { toast } from '../../../../lib/toast'
import { Alert, Card, Checkbox } from '../../../../ui'
import { useSaveShippingSettings, useShippingSettings } from '../api/shipping-options'

const FALLBACK_TEXT = FALLBACK_SHIPPING.map((o) => `${o.name} ${formatBRL(o.price)} (${o.estimatedDelivery})`).join(
  ' e ',
)

/**
 * The merchant's choice for a store with no active option: offer the spec's default prices, or tell the buyer there
 * is no delivery (and the server refuses the order). Off by default, so no store charges prices it never set.
 */
export function ShippingFallbackCard({ storeId, activeOptions }: { storeId: string; activeOptions: number }) {
  const settings = useShippingSettings(storeId)
  const save = useSaveShippingSettings(storeId)
  // The box shows the choice being saved at once (set in the same event); the saved answer then replaces it, or
  // the old value comes back on failure.
  const [saving, setSaving] = useState<boolean | null>(null)
  const enabled = saving ?? settings.data?.fallbackEnabled ?? false

  async function toggle(next: boolean) {
    setSaving(next)
    try {
      await save.mutateAsync({ fallbackEnabled: next })
      toast.success(SHIPPING_SETTINGS_MESSAGES.saved)
    } catch (err) {
      toast.error((err instanceof ApiError && err.message) || SHIPPING_SETTINGS_MESSAGES.saveError)
    } finally {
      setSaving(null)
    }
  }

  return (
    <Card title="Sem opção para o CEP" className="shipping-fallback-card" data-testid="shipping-fallback">
      <Checkbox
        label={SHIPPING_FALLBACK_LABEL}
        checked={enabled}
        disabled={settings.isPending || saving !== null}
        onChange={(e) => void toggle(e.target.checked)}
      />
      <p className="muted small shipping-fallback-help">
        {enabled
          ? `Enquanto não houver opção ativa, o comprador escolhe entre ${FALLBACK_TEXT}.`
          : `Desligado: sem opção ativa, o comprador lê “${NO_SHIPPING_OPTION}” e não consegue finalizar a compra.`}
      </p>
      {activeOptions === 0 && !settings.isPending && (
        <Alert tone={enabled ? 'info' : 'warning'}>
          {enabled
            ? 'Sem opção de frete ativa: os compradores estão vendo o frete padrão.'
            : 'Sem opção de frete ativa: compradores de produtos físicos não conseguem finalizar a compra.'}
        </Alert>
      )}
    </Card>
  )
}
