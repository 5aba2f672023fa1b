import type { AppModule } from '../types'
import { integrationsJobs, integrationsSubscriptions } from './jobs'
import { integrationsRoutes } from './routes'
import { commissionWebhookSubscriptions } from './webhook-commissions'
import { webhookJobs, webhookSubscriptions } from './webhook-delivery'

/**
 * External sales tracking (UTMify): configuration, test sale, and every order status pushed from the worker; and the
 * merchant's own webhooks (Standard Webhooks), signed and delivered from the worker with a log and resend.
 */
export const integrationsModule: AppModule = {
  name: 'integrations',
  routes: integrationsRoutes,
  jobs: [...integrationsJobs, ...webhookJobs],
  subscriptions: [...integrationsSubscriptions, ...webhookSubscriptions, ...commissionWebhookSubscriptions],
}
