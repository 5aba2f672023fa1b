import { useState } from 'react'
import { Button, Card, cx, PageHeader } from '../../ui'
import { NavGroup, SidebarFrame } from '../../ui/sidebar-frame'

/** /test-sidebar (spec 002 §2.10): the sidebar toggle, without login or data. */
export default function TestSidebarPage() {
  const [collapsed, setCollapsed] = useState(false)
  const [active, setActive] = useState('Dashboard')
  const toggle = () => setCollapsed((v) => !v)
  const item = (icon: string, label: string) => (
    <button
      type="button"
      className={cx('nav-item', active === label && 'nav-item-active')}
      title={collapsed ? label : undefined}
      onClick={() => setActive(label)}
    >
      <span className="nav-icon" aria-hidden>
        {icon}
      </span>
      {!collapsed && <span className="nav-label">{label}</span>}
    </button>
  )
  return (
    <div className={cx('shell shell-demo', collapsed && 'shell-collapsed')}>
      <SidebarFrame collapsed={collapsed} onToggle={toggle}>
        {item('▦', 'Dashboard')}
        <NavGroup title="Minha Loja" collapsed={collapsed}>
          {item('◫', 'Produtos')}
          {item('▤', 'Pedidos')}
        </NavGroup>
        <NavGroup title="Configurações" collapsed={collapsed}>
          {item('⚙', 'Conta')}
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
