import { GeneralDashboard } from './general-dashboard'

/** /admin: the shared dashboard screen with the platform figures. */
export default function AdminDashboardPage() {
  return <GeneralDashboard />
}
