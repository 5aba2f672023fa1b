import { normalizeRole, type Role, statusLabel } from '../../../../shared/identity'
import { roleLabel } from '../../../lib/roles'
import { Badge, type BadgeTone } from '../../../ui'

const ROLE_TONES: Record<Role, BadgeTone> = { ADMIN: 'purple', LOJISTA: 'info', USER: 'neutral', MODERATOR: 'warning' }

export function RoleBadge({ role }: { role: string }) {
  const r = normalizeRole(role)
  return <Badge tone={ROLE_TONES[r]}>{roleLabel(r)}</Badge>
}

export function UserStatusBadge({ status }: { status: string }) {
  const tone: BadgeTone = status === 'ACTIVE' ? 'success' : status === 'SUSPENDED' ? 'warning' : 'neutral'
  return <Badge tone={tone}>{statusLabel(status)}</Badge>
}
