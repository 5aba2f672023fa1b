import { useNavigate } from 'react-router-dom'
import type { Role } from '../../shared/identity'
import { roleLabel } from '../lib/roles'
import { AccessDeniedCard, Button } from '../ui'

/** What a non-admin sees on an /admin route (spec 000 §2 Admin panel, 002 §2.1). */
export function AccessDenied({ role }: { role: Role }) {
  const navigate = useNavigate()
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (idx > 0) navigate(-1)
    else navigate('/dashboard')
  }
  return (
    <AccessDeniedCard
      actions={
        <>
          <Button variant="secondary" onClick={goBack}>
            Voltar
          </Button>
          <Button onClick={() => navigate('/dashboard')}>Ir para Dashboard</Button>
        </>
      }
    >
      <p>Você não tem permissão para acessar esta área.</p>
      <p className="muted">Esta área é restrita a administradores.</p>
      <p className="access-denied-role">
        Sua função atual: <strong>{roleLabel(role)}</strong>
      </p>
    </AccessDeniedCard>
  )
}
