import { useState } from 'react'
import { NavGroup, NavItem, SidebarFrame } from '../../app/layout/sidebar-frame'
import { Button, Card, cx, PageHeader } from '../../ui'

/** /test-sidebar (spec 002 §2.10): the sidebar toggle, without login or data. */
export default function TestSidebarPage() {
  const [collapsed, setCollapsed] = useState(false)
  const toggle = () => setCollapsed((v) => !v)
  return (
    <div className={cx('shell shell-demo', collapsed && 'shell-collapsed')}>
      <SidebarFrame collapsed={collapsed} onToggle={toggle}>
        <NavItem to="/test-sidebar" icon="▦" label="Dashboard" collapsed={collapsed} />
        <NavGroup title="Minha Loja" collapsed={collapsed}>
          <NavItem to="/test-sidebar#produtos" icon="◫" label="Produtos" collapsed={collapsed} />
          <NavItem to="/test-sidebar#pedidos" icon="▤" label="Pedidos" collapsed={collapsed} />
        </NavGroup>
        <NavGroup title="Configurações" collapsed={collapsed}>
          <NavItem to="/test-sidebar#conta" icon="⚙" label="Conta" collapsed={collapsed} />
        </NavGroup>
      </SidebarFrame>
      <div className="shell-main">
        <main className="shell-content">
          <PageHeader title="Teste da Sidebar" subtitle="Demonstração do menu lateral recolhível" />
          <Card>
            <p>
              Estado atual: <strong>{collapsed ? 'recolhido (80px)' : 'expandido (288px)'}</strong>
            </p>
            <div className="row mt">
              <Button onClick={toggle}>{collapsed ? 'Expandir menu' : 'Recolher menu'}</Button>
            </div>
          </Card>
        </main>
      </div>
    </div>
  )
}
