import { lazy } from 'react'
import { Navigate, Route, Routes, useParams } from 'react-router-dom'
import { RequireRole } from './guards'
import { MerchantLayout } from './layout/merchant-layout'
import { storeEntrySection, storePath } from './paths'
import { storeSections } from './registry'
import { StoreRoute } from './store-route'

const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'))
const AdminDashboardPage = lazy(() => import('../features/dashboard/admin-dashboard-page'))
const AdminPanelPage = lazy(() => import('../features/admin/admin-panel-page'))
const AccountSettingsPage = lazy(() => import('../features/account/account-settings-page'))
const DebugPage = lazy(() => import('../features/debug/debug-page'))
const SalesPage = lazy(() => import('../features/sales/sales-page'))

/** /store/:storeId alone: its entry section (or the dashboard when no feature provides one). */
function StoreIndex() {
  const { storeId = '' } = useParams()
  const section = storeEntrySection() ?? storeSections[0]?.path
  return <Navigate to={section ? storePath(storeId, section) : '/dashboard'} replace />
}

/** The authenticated part of the route table, inside the merchant layout. */
export default function PrivateApp() {
  return (
    <Routes>
      <Route element={<MerchantLayout />}>
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/sales" element={<SalesPage />} />
        <Route path="/account-settings" element={<AccountSettingsPage />} />
        <Route path="/debug" element={<DebugPage />} />
        <Route path="/admin" element={<RequireRole role="ADMIN" />}>
          <Route index element={<AdminDashboardPage />} />
          <Route path="panel" element={<AdminPanelPage />} />
        </Route>
        {storeSections.map((s) => (
          <Route
            key={s.path}
            path={`/store/:storeId/${s.path}`}
            element={<StoreRoute section={s.path} Component={s.Component} />}
          />
        ))}
        <Route path="/store/:storeId" element={<StoreIndex />} />
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Route>
    </Routes>
  )
}
