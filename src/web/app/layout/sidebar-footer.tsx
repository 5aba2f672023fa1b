import { LogOut } from 'lucide-react'
import { roleLabel } from '../../lib/roles'
import { useCurrentUser, useSession } from '../../lib/session-context'

export function SidebarFooter({ collapsed }: { collapsed: boolean }) {
  const user = useCurrentUser()
  const { signOut } = useSession()
  const display = user.name || user.email
  const initial = (display.trim()[0] ?? '?').toUpperCase()
  return (
    <div className="user-box">
      <span className="avatar" title={collapsed ? display : undefined} aria-hidden>
        {initial}
      </span>
      {!collapsed && (
        <div className="user-box-text">
          <span className="user-box-name" title={display}>
            {display}
          </span>
          <span className="user-box-role">{roleLabel(user.role)}</span>
        </div>
      )}
      <button type="button" className="logout-btn" onClick={signOut} title="Sair" aria-label="Sair">
        {collapsed ? <LogOut size={18} /> : 'Sair'}
      </button>
    </div>
  )
}
