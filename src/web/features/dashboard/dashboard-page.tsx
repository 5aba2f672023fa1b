import { Navigate } from 'react-router-dom'
import { entersStoreFromDashboard } from '../../lib/roles'
import { storeEntrySection, storePath, useStoreSections } from '../../lib/sections'
import { useCurrentUser } from '../../lib/session-context'
import { useStores } from '../../lib/store-context'
import { Loading } from '../../ui'
import { WelcomeCard } from './components/welcome-card'
import { GeneralDashboard } from './general-dashboard'

/** /dashboard: a merchant goes into their first store (or sees the welcome card); others see the shared screen. */
export default function DashboardPage() {
  const user = useCurrentUser()
  const { stores, status } = useStores()
  const sections = useStoreSections()
  if (!entersStoreFromDashboard(user.role)) return <GeneralDashboard />
  if (status === 'pending') return <Loading message="Carregando suas lojas..." />
  if (status === 'success' && stores.length === 0) return <WelcomeCard />
  const section = storeEntrySection(sections)
  if (stores.length && section) return <Navigate to={storePath(stores[0].id, section)} replace />
  return <GeneralDashboard />
}
