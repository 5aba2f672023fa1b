/**
 * subscriptions (issue 36): a plan offering both PIX Automático and the plain PIX lets the buyer choose how the
 * renewals are paid — the mandate authorised once in the bank app, or a new PIX code e-mailed before each due date.
 * Either way this order is paid by PIX; the choice only decides which QR the order page shows.
 */
export interface PixRenewalOptions {
  automatic: { label: string; hint: string }
  plain: { label: string; hint: string }
  chosen: 'automatic' | 'plain'
  onChoose: (choice: 'automatic' | 'plain') => void
}

export function PixRenewalChoice({ options }: { options: PixRenewalOptions }) {
  return (
    <fieldset className="ck-info ck-pix-renewal" data-testid="pix-renewal-choice">
      <legend className="ck-muted">Como pagar as próximas cobranças</legend>
      {(['automatic', 'plain'] as const).map((key) => (
        <label key={key} className="ck-pix-renewal-option" style={{ display: 'block', margin: '6px 0' }}>
          <input
            type="radio"
            name="pix-renewal"
            value={key}
            checked={options.chosen === key}
            onChange={() => options.onChoose(key)}
          />{' '}
          <strong>{options[key].label}</strong>
          <span className="ck-muted" style={{ display: 'block', marginLeft: 22 }}>
            {options[key].hint}
          </span>
        </label>
      ))}
    </fieldset>
  )
}
