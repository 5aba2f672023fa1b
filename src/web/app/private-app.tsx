import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import { Navigate, Route, Routes, useParams } from 'react-router-dom'
import { usePageTitle } from '../lib/page-title'
import { StoreSectionsContext, storeEntrySection, storePath } from '../lib/sections'
import { RequireRole } from './guards'
import { MerchantLayout } from './layout/merchant-layout'
import { storeSections } from './registry'
import { StoreRoute } from './store-route'

const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'))
const AdminDashboardPage = lazy(() => import('../features/dashboard/admin-dashboard-page'))
const AdminPanelPage = lazy(() => import('../features/admin/admin-panel-page'))
const AdminOrdersPage = lazy(() => import('../features/orders/admin-orders-page'))
const AccountSettingsPage = lazy(() => import('../features/account/account-settings-page'))
const DebugPage = lazy(() => import('../features/debug/debug-page'))
const SalesPage = lazy(() => import('../features/sales/sales-page'))
const MailboxPage = lazy(() => import('../features/emails/mailbox-page'))
const MyAffiliationsPage = lazy(() => import('../features/affiliates/my-affiliations-page'))
const AdminPayoutsPage = lazy(() => import('../features/affiliates/admin-payouts-page'))

/** /store/:storeId alone: its entry section (or the dashboard when no feature provides one). */
function StoreIndex() {
  const { storeId = '' } = useParams()
  const section = storeEntrySection(storeSections) ?? storeSections[0]?.path
  return <Navigate to={section ? storePath(storeId, section) : '/dashboard'} replace />
}

/** A page outside any store, with its tab title. */
function Titled({ title, Page }: { title: string; Page: LazyExoticComponent<ComponentType> }) {
  usePageTitle(title)
  return <Page />
}

/** The authenticated part of the route table, inside the merchant layout. */
export default function PrivateApp() {
  return (
    <StoreSectionsContext.Provider value={storeSections}>
      <Routes>
        <Route element={<MerchantLayout />}>
          <Route path="/dashboard" element={<Titled title="Dashboard" Page={DashboardPage} />} />
          <Route path="/sales" element={<Titled title="Vendas" Page={SalesPage} />} />
          <Route path="/afiliacoes" element={<Titled title="Minhas afiliações" Page={MyAffiliationsPage} />} />
          <Route
            path="/account-settings"
            element={<Titled title="Configurações da conta" Page={AccountSettingsPage} />}
          />
          <Route path="/debug" element={<Titled title="Depuração" Page={DebugPage} />} />
          <Route path="/admin" element={<RequireRole role="ADMIN" />}>
            <Route index element={<Titled title="Administração" Page={AdminDashboardPage} />} />
            <Route path="panel" element={<Titled title="Painel de usuários" Page={AdminPanelPage} />} />
            <Route path="emails" element={<Titled title="Caixa de e-mails" Page={MailboxPage} />} />
            <Route path="orders" element={<Titled title="Pedidos da plataforma" Page={AdminOrdersPage} />} />
            <Route path="saques" element={<Titled title="Saques" Page={AdminPayoutsPage} />} />
          </Route>
          {storeSections.map((s) => (
            <Route
              key={s.path}
              path={`/store/:storeId/${s.path}`}
              element={<StoreRoute section={s.path} label={s.label} Component={s.Component} />}
            />
          ))}
          <Route path="/store/:storeId" element={<StoreIndex />} />
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Route>
      </Routes>
    </StoreSectionsContext.Provider>
  )
}
