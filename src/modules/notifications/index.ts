import type { BuyerEmailKind } from '../../shared/notifications'
import type { AppModule } from '../types'
import type { NotifyDeps } from './compose'
import { notificationsJobs, notificationsSubscriptions } from './jobs'
import { notificationsRoutes } from './routes'
import { queueAndSend, settingsOf } from './service'
import type { StoreMessage } from './templates/render'

export type { NotifyDeps } from './compose'
export type { StoreMessage } from './templates/render'

export interface StoreMessageInput {
  storeId: string
  /**
   * What the message is about, with `kind` the unique key of the delivery: the same (subjectId, kind) is sent once
   * whatever the retries (an abandoned cart's id and 'recovery.first', for instance).
   */
  subjectId: string
  /** `<module>.<name>` (a dot is required: the platform's own kinds have none), shown in the store's delivery log. */
  kind: `${string}.${string}`
  to: { name: string; email: string }
  /** One line; line breaks are removed. */
  subject: string
  /** Plain texts, escaped like every other text (never HTML), laid out with the store's look. */
  message: StoreMessage
  /** A one-click opt-out address (RFC 8058): sent as `List-Unsubscribe` with `List-Unsubscribe-Post`. */
  listUnsubscribe?: string
}

/**
 * What other modules may call: a templated message from a store to a person, delivered like every e-mail (claimed
 * once per (subjectId, kind), retried, in the store's delivery log with 'Reenviar', kept in the admin mailbox without
 * SMTP). Call it from a job handler (the worker), not from a request: it sends before returning.
 *
 *   await notificationsService.sendStoreMessage(ctx, {
 *     storeId, subjectId: cartId, kind: 'recovery.first', to: { name, email },
 *     subject: 'Você esqueceu algo no carrinho',
 *     message: { preview: '…', heading: '…', paragraphs: ['…'], button: { label: 'Finalizar compra', url } },
 *   })
 */
export const notificationsService = {
  /**
   * Whether the store sends this order message to its buyers (on unless the merchant switched it off): recovery
   * stays silent about an expired PIX or boleto when 'payment_expired' already tells the buyer.
   */
  async sendsBuyerKind(deps: Pick<NotifyDeps, 'db'>, storeId: string, kind: BuyerEmailKind): Promise<boolean> {
    return !(await settingsOf(deps, storeId)).disabledKinds.includes(kind)
  },
  async sendStoreMessage(deps: NotifyDeps, input: StoreMessageInput): Promise<void> {
    await queueAndSend(deps, {
      storeId: input.storeId,
      subjectId: input.subjectId,
      kind: input.kind,
      recipient: input.to.email,
      payload: {
        subject: input.subject,
        name: input.to.name,
        message: input.message,
        ...(input.listUnsubscribe ? { listUnsubscribe: input.listUnsubscribe } : {}),
      },
    })
  },
}

export const notificationsModule: AppModule = {
  name: 'notifications',
  routes: notificationsRoutes,
  jobs: notificationsJobs,
  subscriptions: notificationsSubscriptions,
}
