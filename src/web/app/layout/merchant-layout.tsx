import { Menu } from 'lucide-react'
import { Suspense, useEffect, useState } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import { autoSelectsFirstStore } from '../../lib/roles'
import { useCurrentUser } from '../../lib/session-context'
import { cx, Loading } from '../../ui'
import { StoresProvider } from '../store-context'
import { Sidebar } from './sidebar'

/** Everything behind login: sidebar + page. Store screens use the dark theme (spec 000 §9). */
export function MerchantLayout() {
  const user = useCurrentUser()
  const { pathname } = useLocation()
  const [collapsed, setCollapsed] = useState(false)
  const [mobileOpen, setMobileOpen] = useState(false)
  const dark = pathname.startsWith('/store/')

  useEffect(() => {
    document.documentElement.classList.toggle('theme-dark', dark)
    return () => document.documentElement.classList.remove('theme-dark')
  }, [dark])

  return (
    <StoresProvider autoSelectFirst={autoSelectsFirstStore(user.role)}>
      <div className={cx('shell', collapsed && 'shell-collapsed')}>
        <Sidebar
          collapsed={collapsed && !mobileOpen}
          onToggle={() => setCollapsed((v) => !v)}
          mobileOpen={mobileOpen}
          onCloseMobile={() => setMobileOpen(false)}
        />
        <div className="shell-main">
          <header className="topbar">
            <button type="button" className="icon-btn" aria-label="Abrir menu" onClick={() => setMobileOpen(true)}>
              <Menu size={20} />
            </button>
            <span className="topbar-title">Checkout Platform</span>
          </header>
          <main className="shell-content">
            <Suspense fallback={<Loading message="Carregando..." />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </StoresProvider>
  )
}
