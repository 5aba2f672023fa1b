/**
 * Recovery (issue 26): checkout sessions reported by the buyer pages, reminders from the worker (two for an
 * abandoned checkout, one for a refused card or an expired PIX/boleto), signed recovery links that refill the page,
 * one-click opt-out, recovered figures per kind, and a 90-day retention of never-converted contacts.
 */
import type { AppModule } from '../types'
import { recoveryJobs, recoverySubscriptions } from './jobs'
import { recoveryRoutes, unsubscribeRoutes } from './routes'

export { checkoutAbandoned } from './events'
export type { MailerOf } from './jobs'
export type { RecoveryEmail } from './messages'

export const recoveryModule: AppModule = {
  name: 'recovery',
  routes: recoveryRoutes,
  rootRoutes: unsubscribeRoutes,
  jobs: recoveryJobs(),
  subscriptions: recoverySubscriptions,
}
