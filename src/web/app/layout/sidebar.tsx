import { Banknote, Crown, DollarSign, Handshake, LayoutDashboard, Mail, Settings, Users } from 'lucide-react'
import { storePath } from '../../lib/sections'
import { useStores } from '../../lib/store-context'
import { NavGroup, NavItem, SidebarFrame } from '../../ui/sidebar-frame'
import { RoleGate } from '../guards'
import { storeSections } from '../registry'
import { SidebarFooter } from './sidebar-footer'
import { StoreSelector } from './store-selector'

export interface SidebarProps {
  collapsed: boolean
  onToggle(): void
  mobileOpen: boolean
  onCloseMobile(): void
}

export function Sidebar({ collapsed, onToggle, mobileOpen, onCloseMobile }: SidebarProps) {
  const { selectedStore } = useStores()
  const item = { collapsed, onNavigate: onCloseMobile }
  return (
    <SidebarFrame
      collapsed={collapsed}
      onToggle={onToggle}
      mobileOpen={mobileOpen}
      onCloseMobile={onCloseMobile}
      footer={<SidebarFooter collapsed={collapsed} />}
    >
      <NavItem to="/dashboard" icon={LayoutDashboard} label="Dashboard" end {...item} />
      <NavItem to="/sales" icon={DollarSign} label="Vendas" {...item} />
      <NavItem to="/afiliacoes" icon={Handshake} label="Minhas afiliações" {...item} />
      <RoleGate role="ADMIN">
        <NavGroup title="Administração" collapsed={collapsed}>
          <NavItem to="/admin" icon={Crown} label="Painel Admin" end {...item} />
          <NavItem to="/admin/panel" icon={Users} label="Gerenciar Usuários" {...item} />
          <NavItem to="/admin/emails" icon={Mail} label="Caixa de e-mails" {...item} />
          <NavItem to="/admin/saques" icon={Banknote} label="Saques" {...item} />
        </NavGroup>
      </RoleGate>
      <NavGroup title="Minha Loja" collapsed={collapsed}>
        <div className="sidebar-store">
          <StoreSelector collapsed={collapsed} onExpand={onToggle} />
        </div>
        {selectedStore &&
          storeSections.map((s) => (
            <NavItem key={s.path} to={storePath(selectedStore.id, s.path)} icon={s.icon} label={s.label} {...item} />
          ))}
      </NavGroup>
      <NavGroup title="Configurações" collapsed={collapsed}>
        <NavItem to="/account-settings" icon={Settings} label="Conta" {...item} />
      </NavGroup>
    </SidebarFrame>
  )
}
