import type { AppModule } from '../types'
import { buyerRoutes } from './routes'

export { buyerLoginRequested } from './events'

/**
 * The buyer's area (issue 35): sign-in by e-mailed link, their orders across stores, and the digital deliverables
 * they may download now. It owns only its sessions and download counts; orders and files are asked of ordering
 * and catalog.
 */
export const buyersModule: AppModule = { name: 'buyers', routes: buyerRoutes }
