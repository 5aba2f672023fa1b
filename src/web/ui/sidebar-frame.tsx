import { Gem, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { NavLink } from 'react-router-dom'
import { cx } from './cx'

export interface SidebarFrameProps {
  collapsed: boolean
  onToggle(): void
  /** Small screens: the sidebar slides over the page. */
  mobileOpen?: boolean
  onCloseMobile?(): void
  children: ReactNode
  footer?: ReactNode
}

/** The sidebar's shell: brand, collapse toggle (288px / 80px), scrolling body and footer. */
export function SidebarFrame({ collapsed, onToggle, mobileOpen, onCloseMobile, children, footer }: SidebarFrameProps) {
  return (
    <>
      {mobileOpen && <div className="sidebar-scrim" onClick={onCloseMobile} aria-hidden />}
      <aside
        className={cx('sidebar theme-dark', collapsed && 'sidebar-collapsed', mobileOpen && 'sidebar-mobile-open')}
        aria-label="Menu principal"
      >
        <div className="sidebar-inner">
          <div className="sidebar-brand">
            <span className="sidebar-logo" aria-hidden>
              <Gem size={18} />
            </span>
            {!collapsed && <span className="sidebar-brand-name">Checkout Platform</span>}
            <button
              type="button"
              className="sidebar-toggle"
              onClick={onToggle}
              aria-label={collapsed ? 'Expandir menu' : 'Recolher menu'}
              title={collapsed ? 'Expandir menu' : 'Recolher menu'}
            >
              {collapsed ? '»' : '«'}
            </button>
          </div>
          <nav className="sidebar-body">{children}</nav>
          {footer && <div className="sidebar-footer">{footer}</div>}
        </div>
      </aside>
    </>
  )
}

export function NavGroup({ title, collapsed, children }: { title: string; collapsed: boolean; children: ReactNode }) {
  return (
    <div className="nav-group">
      {collapsed ? <hr className="nav-group-rule" /> : <div className="nav-group-title">{title}</div>}
      {children}
    </div>
  )
}

export function NavItem({
  to,
  icon: Icon,
  label,
  collapsed,
  end,
  onNavigate,
}: {
  to: string
  icon: LucideIcon
  label: string
  collapsed: boolean
  end?: boolean
  onNavigate?(): void
}) {
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) => cx('nav-item', isActive && 'nav-item-active')}
      title={collapsed ? label : undefined}
      onClick={onNavigate}
    >
      <span className="nav-icon" aria-hidden>
        <Icon size={18} strokeWidth={2} />
      </span>
      {!collapsed && <span className="nav-label">{label}</span>}
    </NavLink>
  )
}
