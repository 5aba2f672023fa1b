/**
 * Asaas's webhook (POST /api/payment/asaas/webhook/:accountId): authenticated by the `asaas-access-token` header the
 * merchant set on it (compared with the account's token), idempotent on the event id, and — as for AtivoPay
 * postbacks — only a hint: the charge is re-read from the account that made it before anything changes.
 */
import { timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { decryptSecret } from '../../platform/crypto'
import { isUuid } from '../../shared/ids'
import * as accounts from './accounts.repository'
import * as pix from './pix-automatic.repository'
import { PIX_NOTICE_JOB, type PixNotice } from './pix-automatic-notices'
import * as repo from './repository'
import { SYNC_JOB, type WorkerDeps } from './service'

/** The events that can change a charge; the rest are acknowledged and ignored. */
const WATCHED = /^PAYMENT_(RECEIVED|CONFIRMED|OVERDUE|REFUNDED|PARTIALLY_REFUNDED|CHARGEBACK_\w+|DELETED|RESTORED)$/

/** PIX Automático's authorisation events (ACTIVATED, CANCELLED — the payer's revocation among them —, EXPIRED…). */
const PIX_AUTHORIZATION = /^PIX_AUTOMATIC_RECURRING_AUTHORIZATION_(ACTIVATED|CANCELLED|EXPIRED|REFUSED)$/

const ref = z.object({ id: z.string().min(1).max(100) })
const eventSchema = z.object({
  id: z.string().min(1).max(200),
  event: z.string().max(100),
  payment: ref.optional(),
  // The reference names the object `authorization`; accepted under its longer name too.
  authorization: ref.optional(),
  pixAutomaticRecurringAuthorization: ref.optional(),
})

export type AsaasWebhookOutcome = 'unauthorized' | 'replayed' | 'ignored' | 'queued'

function sameToken(given: string, want: string) {
  const a = Buffer.from(given)
  const b = Buffer.from(want)
  return a.length === b.length && timingSafeEqual(a, b)
}

export async function receiveAsaasEvent(
  deps: WorkerDeps,
  accountId: string,
  token: string | undefined,
  body: unknown,
): Promise<AsaasWebhookOutcome> {
  // An unknown account and a wrong token look the same from outside.
  const account = isUuid(accountId) ? await accounts.findAccountById(deps.db, accountId) : undefined
  const want =
    account?.provider === 'asaas' && account.webhook_token_encrypted
      ? decryptSecret(deps.config.APP_SECRET, account.webhook_token_encrypted)
      : undefined
  if (!account || !want || !token || !sameToken(token, want)) return 'unauthorized'
  const parsed = eventSchema.safeParse(body)
  if (!parsed.success) return 'ignored'
  const pixOutcome = await receivePixEvent(deps, account.id, parsed.data)
  if (pixOutcome) return pixOutcome
  if (!WATCHED.test(parsed.data.event) || !parsed.data.payment) return 'ignored'
  const charge = await repo.findTransactionByGatewayId(deps.db, parsed.data.payment.id)
  // Only this account's own charges: a payment id from elsewhere never names one of ours.
  if (!charge || charge.account_id !== account.id) {
    deps.log.warn({ accountId, paymentId: parsed.data.payment.id }, 'asaas event for an unknown charge: ignored')
    return 'ignored'
  }
  if (!(await accounts.claimGatewayEvent(deps.db, account.id, parsed.data.id))) return 'replayed'
  await deps.jobs.enqueue(SYNC_JOB, { transactionId: charge.id })
  return 'queued'
}

/**
 * A PIX Automático event of this account's own authorisation or recurring charge: queued for a re-read (the job
 * applies what the gateway then says). Undefined: not one of those, the order-charge path decides.
 */
async function receivePixEvent(
  deps: WorkerDeps,
  accountId: string,
  e: z.output<typeof eventSchema>,
): Promise<AsaasWebhookOutcome | undefined> {
  let notice: PixNotice | undefined
  const auth = e.authorization ?? e.pixAutomaticRecurringAuthorization
  if (PIX_AUTHORIZATION.test(e.event) && auth) {
    const mine = await pix.findAuthorizationsByGatewayId(deps.db, auth.id, accountId)
    if (!mine.length) return 'ignored'
    notice = { accountId, authorizationGatewayId: auth.id }
  } else if (WATCHED.test(e.event) && e.payment) {
    const mine = await pix.findChargesByGatewayId(deps.db, e.payment.id, accountId)
    if (!mine.length) return undefined
    notice = { accountId, chargeGatewayId: e.payment.id }
  }
  if (!notice) return undefined
  if (!(await accounts.claimGatewayEvent(deps.db, accountId, e.id))) return 'replayed'
  await deps.jobs.enqueue(PIX_NOTICE_JOB, notice)
  return 'queued'
}
