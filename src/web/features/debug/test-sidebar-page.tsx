import { LayoutDashboard, type LucideIcon, Package, Receipt, Settings } from 'lucide-react'
import { useState } from 'react'
import { Button, Card, cx, PageHeader } from '../../ui'
import { NavGroup, SidebarFrame } from '../../ui/sidebar-frame'

/** /test-sidebar (spec 002 §2.10): the sidebar toggle, without login or data. */
export default function TestSidebarPage() {
  const [collapsed, setCollapsed] = useState(false)
  const [active, setActive] = useState('Dashboard')
  const toggle = () => setCollapsed((v) => !v)
  const item = (Icon: LucideIcon, label: string) => (
    <button
      type="button"
      className={cx('nav-item', active === label && 'nav-item-active')}
      title={collapsed ? label : undefined}
      onClick={() => setActive(label)}
    >
      <span className="nav-icon" aria-hidden>
        <Icon size={18} />
      </span>
      {!collapsed && <span className="nav-label">{label}</span>}
    </button>
  )
  return (
    <div className={cx('shell shell-demo', collapsed && 'shell-collapsed')}>
      <SidebarFrame collapsed={collapsed} onToggle={toggle}>
        {item(LayoutDashboard, 'Dashboard')}
        <NavGroup title="Minha Loja" collapsed={collapsed}>
          {item(Package, 'Produtos')}
          {item(Receipt, 'Pedidos')}
        </NavGroup>
        <NavGroup title="Configurações" collapsed={collapsed}>
          {item(Settings, 'Conta')}
        </NavGroup>
      </SidebarFrame>
      <div className="shell-main">
        <main className="shell-content">
          <PageHeader title="Teste da Sidebar" subtitle="Demonstração do menu lateral recolhível" />
          <Card>
            <p>
              Estado atual: <strong>{collapsed ? 'recolhido (80px)' : 'expandido (288px)'}</strong>
            </p>
            <p className="muted">Item selecionado: {active}</p>
            <div className="row mt">
              <Button onClick={toggle}>{collapsed ? 'Expandir menu' : 'Recolher menu'}</Button>
            </div>
          </Card>
        </main>
      </div>
    </div>
  )
}
