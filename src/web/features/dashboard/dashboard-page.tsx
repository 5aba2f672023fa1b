import { Navigate } from 'react-router-dom'
import { storeEntrySection, storePath } from '../../app/paths'
import { entersStoreFromDashboard } from '../../app/roles'
import { useCurrentUser } from '../../app/session'
import { useStores } from '../../app/store-context'
import { Loading } from '../../ui'
import { WelcomeCard } from './components/welcome-card'
import { GeneralDashboard } from './general-dashboard'

/** /dashboard: a merchant goes into their first store (or sees the welcome card); others see the shared screen. */
export default function DashboardPage() {
  const user = useCurrentUser()
  const { stores, status } = useStores()
  if (!entersStoreFromDashboard(user.role)) return <GeneralDashboard />
  if (status === 'pending') return <Loading message="Carregando suas lojas..." />
  if (status === 'success' && stores.length === 0) return <WelcomeCard />
  const section = storeEntrySection()
  if (stores.length && section) return <Navigate to={storePath(stores[0].id, section)} replace />
  return <GeneralDashboard />
}
