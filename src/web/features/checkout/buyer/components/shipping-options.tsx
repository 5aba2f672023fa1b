import type { ShippingQuoteDto } from '../../../../../shared/checkout'
import { formatBRL } from '../../../../../shared/money'
import { Spinner } from '../../../../ui/feedback'

/**
 * 'Método de envio': the options the server quoted for the CEP, whatever made them (the store's zone table today,
 * a carrier's quote tomorrow), one radio each with its delivery time and price.
 */
export function ShippingOptions({
  options,
  loading,
  message,
  selectedId,
  error,
  onChoose,
}: {
  options: readonly ShippingQuoteDto[]
  loading: boolean
  /** Why there is nothing to pick (no delivery to this CEP, a failed calculation). */
  message: string | null
  selectedId: string
  error?: string
  onChoose: (option: ShippingQuoteDto) => void
}) {
  return (
    <fieldset className="ck-options" aria-invalid={error ? true : undefined}>
      <legend className="field-label">Método de envio</legend>
      {loading ? (
        <p className="ck-inline ck-muted">
          <Spinner size="sm" /> Calculando frete...
        </p>
      ) : options.length === 0 ? (
        message ? (
          <p className="ck-shipping-none" role="status">
            {message}
          </p>
        ) : (
          <p className="ck-muted">Informe o CEP para ver as opções de frete.</p>
        )
      ) : (
        options.map((o) => (
          <label key={o.id} className={`ck-option${selectedId === o.id ? ' ck-option-selected' : ''}`}>
            <input type="radio" name="method" value={o.id} checked={selectedId === o.id} onChange={() => onChoose(o)} />
            <span className="ck-option-body">
              <span className="ck-option-name">{o.name}</span>
              {o.description && <span className="ck-muted">{o.description}</span>}
              <span className="ck-muted">Entrega em {o.estimatedDelivery}</span>
            </span>
            <span className="ck-option-price">
              {o.isFree ? (
                <>
                  {o.originalPrice > 0 && <s className="ck-muted">{formatBRL(o.originalPrice)}</s>}
                  <span className="ck-free">GRÁTIS</span>
                </>
              ) : (
                formatBRL(o.price)
              )}
            </span>
          </label>
        ))
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
