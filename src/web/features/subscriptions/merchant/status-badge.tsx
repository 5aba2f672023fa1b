import { Badge, type BadgeTone } from '../../../ui'
import { STATUS_LABELS, type SubscriptionStatus } from '../model'

const TONES: Record<SubscriptionStatus, BadgeTone> = {
  INCOMPLETE: 'neutral',
  INCOMPLETE_EXPIRED: 'neutral',
  TRIALING: 'info',
  ACTIVE: 'success',
  PAST_DUE: 'warning',
  CANCELED: 'danger',
  EXPIRED: 'neutral',
}

export function StatusBadge({ status }: { status: SubscriptionStatus }) {
  return <Badge tone={TONES[status] ?? 'neutral'}>{STATUS_LABELS[status] ?? status}</Badge>
}
