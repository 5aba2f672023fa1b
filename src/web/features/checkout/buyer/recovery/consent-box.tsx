import { RECOVERY_CONSENT_TEXT } from '../../../../../shared/recovery-consent'
import { Checkbox } from '../../../../ui/field'

/**
 * LGPD: unchecked until the buyer ticks it; the server records this exact text and when it was ticked. Shown with
 * the contact fields (customer-step.tsx), the e-mail and phone the reminders would go to.
 */
export function ConsentBox({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="ck-consent">
      <Checkbox
        label={RECOVERY_CONSENT_TEXT}
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        name="recovery-consent"
      />
    </div>
  )
}
