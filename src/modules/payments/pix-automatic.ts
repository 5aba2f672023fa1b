/**
 * PIX Automático through the gateway port (Journey 3): a store asks for an authorisation whose QR pays the first
 * charge and grants the mandate; later charges are scheduled on it 10 to 2 days before their due date, retried at
 * most 3 times within 7 days of the first due date, cancelled; the payer's revocation (a webhook, re-read before it
 * is believed) is announced on the bus. Every id from outside is checked to belong to the caller's store (404).
 * `now` is the caller's clock (the subscriptions' test clock): the time rules and the sandbox read it.
 */
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { saoPauloDay } from '../../shared/dates'
import type { GatewayDeps } from './gateway'
import { GatewayError } from './gateway-client'
import { PIX_FREQUENCIES } from './gateway-port'
import * as pix from './pix-automatic.repository'
import { applyAuthorization, applyCharge, PIX_UNSUPPORTED, portOf, targetOfAuth } from './pix-automatic-notices'
import * as repo from './repository'
import { chargeTargets } from './routing'
import { inSchedulingWindow } from './sandbox-pix-automatic'
import { chargeFailure, type PaymentsDeps } from './service'

export const PIX_AUTOMATIC_MESSAGES = {
  unsupported: PIX_UNSUPPORTED,
  notFound: 'Autorização do Pix Automático não encontrada',
  chargeNotFound: 'Cobrança do Pix Automático não encontrada',
  notActive: 'A autorização do Pix Automático não está ativa',
  window: 'A cobrança do Pix Automático deve ser agendada de 10 a 2 dias antes do vencimento',
  fixedValue: 'O valor da cobrança deve ser o valor fixo da autorização',
  retryNotFailed: 'Só uma cobrança que falhou pode ser tentada de novo',
  retryLimit: 'O Pix Automático permite no máximo 3 novas tentativas em 7 dias',
  retryDate: 'A nova tentativa deve ser de amanhã até 7 dias após o vencimento original',
  notScheduled: 'Só é possível cancelar uma cobrança agendada',
} as const

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida (AAAA-MM-DD)')
const cents = z.number().int().positive('Valor inválido')

export const authorizationInput = z.object({
  storeId: z.string().uuid(),
  contractRef: z.string().min(1).max(35, 'Referência do contrato: no máximo 35 caracteres'),
  description: z.string().min(1).max(35, 'Descrição: no máximo 35 caracteres'),
  customer: z.object({
    name: z.string().min(1),
    email: z.string().email(),
    document: z.string().regex(/^\d{11}$|^\d{14}$/, 'CPF/CNPJ inválido'),
    phone: z.string().default(''),
  }),
  frequency: z.enum(PIX_FREQUENCIES),
  startDate: day,
  finishDate: day.optional(),
  amountCents: cents.optional(),
  firstAmountCents: cents,
  /** The order the QR's first charge pays: paid, it is announced as that order's PAID charge. */
  orderRef: z.string().uuid().optional(),
  expiresInSeconds: z
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(3600),
  now: z.date().optional(),
})
export const scheduleInput = z.object({
  storeId: z.string().uuid(),
  authorizationId: z.string().uuid(),
  amountCents: cents,
  dueDate: day,
  externalRef: z.string().min(1).max(100),
  description: z.string().max(100).default('Pix Automático'),
  /** The order this charge pays (its retries too): debited, it is announced as that order's PAID charge. */
  orderRef: z.string().uuid().optional(),
  now: z.date().optional(),
})
export const retryInput = z.object({
  storeId: z.string().uuid(),
  chargeId: z.string().uuid(),
  dueDate: day,
  now: z.date().optional(),
})
const refInput = z.object({ storeId: z.string().uuid(), id: z.string().uuid(), now: z.date().optional() })

export type PixAuthorizationRequest = z.input<typeof authorizationInput>
export type PixChargeRequest = z.input<typeof scheduleInput>
export type PixRetryRequest = z.input<typeof retryInput>
export type PixRef = z.input<typeof refInput>

export interface PixAutomaticAuthorization {
  id: string
  /** The gateway's id (the sandbox's simulation routes name it). */
  gatewayId: string
  contractRef: string
  status: string
  qrcode: string | null
  qrExpiresAt: string | null
  firstAmountCents: number
  amountCents: number | null
  firstPaidAt: string | null
  cancelledBy: string | null
}
export interface PixAutomaticCharge {
  id: string
  gatewayId: string | null
  authorizationId: string
  externalRef: string
  amountCents: number
  dueDate: string
  retry: number
  status: string
  paidAt: string | null
}

const authView = (r: pix.AuthRow): PixAutomaticAuthorization => ({
  id: r.id,
  gatewayId: r.gateway_id,
  contractRef: r.contract_ref,
  status: r.status,
  qrcode: r.qrcode,
  qrExpiresAt: r.qr_expires_at?.toISOString() ?? null,
  firstAmountCents: r.first_amount_cents,
  amountCents: r.amount_cents,
  firstPaidAt: r.first_paid_at?.toISOString() ?? null,
  cancelledBy: r.cancelled_by,
})
const chargeView = (r: pix.ChargeRow): PixAutomaticCharge => ({
  id: r.id,
  gatewayId: r.gateway_id,
  authorizationId: r.authorization_id,
  externalRef: r.external_ref,
  amountCents: r.amount_cents,
  dueDate: r.due_date,
  retry: r.retry,
  status: r.status,
  paidAt: r.paid_at?.toISOString() ?? null,
})

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input)
  if (r.success) return r.data
  const issue = r.error.issues[0]!
  throw new AppError(400, issue.message)
}

/** The gateway deps with the caller's clock: the sandbox debits and checks windows by it. */
const at = (deps: PaymentsDeps, now: Date | undefined): GatewayDeps & { now: Date } => {
  const when = now ?? new Date()
  return { ...(deps as unknown as GatewayDeps), clock: { now: () => when }, now: when }
}

/** A gateway's refusal as the caller sees it: its 4xx message as a 422, the rest as chargeFailure maps it. */
function failure(err: unknown): never {
  if (err instanceof AppError) throw err
  if (err instanceof GatewayError) {
    if (err.kind === 'invalid') throw new AppError(422, err.message)
    if (err.kind === 'not_found') throw new AppError(404, PIX_AUTOMATIC_MESSAGES.notFound)
    throw chargeFailure(err.toJSON())
  }
  throw err
}

/** Asks the store's first PIX account whose gateway has pixAutomatic for an authorisation with its Journey 3 QR. */
export async function createPixAuthorization(deps: PaymentsDeps, input: PixAuthorizationRequest) {
  const req = parse(authorizationInput, input)
  const g = at(deps, req.now)
  const config = await repo.findConfig(g.db, req.storeId)
  const target = (await chargeTargets(g, req.storeId, 'PIX', config)).find((t) => t.gateway.capabilities.pixAutomatic)
  if (!target) throw new AppError(422, PIX_AUTOMATIC_MESSAGES.unsupported)
  const gw = await portOf(target)
    .createAuthorization(target.key, { ...req, customer: { ...req.customer } })
    .catch(failure)
  const row = await pix.insertAuthorization(g.db, {
    store_id: req.storeId,
    account_id: target.account?.id ?? null,
    gateway_id: gw.id,
    customer_email: req.customer.email.trim().toLowerCase(),
    customer_ref: gw.customerRef,
    contract_ref: req.contractRef,
    frequency: req.frequency,
    amount_cents: req.amountCents ?? null,
    first_amount_cents: req.firstAmountCents,
    status: gw.status,
    qrcode: gw.qrcode,
    qr_expires_at: gw.qrExpiresAt ? new Date(gw.qrExpiresAt) : null,
    updated_at: new Date(),
  })
  if (req.orderRef) await pix.setOrderRef(g.db, row.id, req.orderRef)
  return authView(row)
}

async function ownAuth(deps: GatewayDeps, storeId: string, id: string) {
  const row = await pix.findAuthorization(deps.db, storeId, id)
  if (!row) throw new AppError(404, PIX_AUTOMATIC_MESSAGES.notFound)
  return row
}

/** An authorisation of the store, as last known (webhooks and the sandbox keep it current). */
export async function pixAuthorizationOf(deps: PaymentsDeps, input: PixRef) {
  const req = parse(refInput, input)
  return authView(await ownAuth(at(deps, req.now), req.storeId, req.id))
}

/** The merchant ends the mandate (CANCELLED by RECEIVER): harmless when already ended. */
export async function cancelPixAuthorization(deps: PaymentsDeps, input: PixRef) {
  const req = parse(refInput, input)
  const g = at(deps, req.now)
  const row = await ownAuth(g, req.storeId, req.id)
  if (row.status === 'CANCELLED' || row.status === 'EXPIRED' || row.status === 'REFUSED') return authView(row)
  const target = await targetOfAuth(g, row)
  const gw = await portOf(target).cancelAuthorization(target.key, row.gateway_id).catch(failure)
  return authView(await applyAuthorization(g, row, gw))
}

/** Schedules a recurring charge on an active authorisation; the same (externalRef) again answers the same charge. */
export async function schedulePixCharge(deps: PaymentsDeps, input: PixChargeRequest) {
  const req = parse(scheduleInput, input)
  const g = at(deps, req.now)
  const auth = await ownAuth(g, req.storeId, req.authorizationId)
  const existing = await pix.findChargeByRef(g.db, auth.id, req.externalRef, 0)
  if (existing) return chargeView(existing)
  if (auth.status !== 'ACTIVE') throw new AppError(409, PIX_AUTOMATIC_MESSAGES.notActive)
  if (!inSchedulingWindow(saoPauloDay(g.now), req.dueDate)) throw new AppError(422, PIX_AUTOMATIC_MESSAGES.window)
  if (auth.amount_cents !== null && auth.amount_cents !== req.amountCents)
    throw new AppError(422, PIX_AUTOMATIC_MESSAGES.fixedValue)
  return chargeView(await sendCharge(g, auth, { ...req, retry: 0, originalDueDate: req.dueDate }))
}

async function sendCharge(
  g: GatewayDeps,
  auth: pix.AuthRow,
  c: {
    retryOf?: string
    amountCents: number
    dueDate: string
    externalRef: string
    description: string
    retry: number
    originalDueDate: string
    orderRef?: string | null
  },
) {
  const target = await targetOfAuth(g, auth)
  const gw = await portOf(target)
    .scheduleCharge(target.key, {
      authorizationId: auth.gateway_id,
      customerRef: auth.customer_ref ?? '',
      amountCents: c.amountCents,
      dueDate: c.dueDate,
      externalRef: c.externalRef,
      description: c.description,
      retryOf: c.retryOf,
    })
    .catch(failure)
  const row = await pix.insertCharge(g.db, {
    store_id: auth.store_id,
    authorization_id: auth.id,
    gateway_id: gw.id,
    external_ref: c.externalRef,
    amount_cents: c.amountCents,
    due_date: c.dueDate,
    original_due_date: c.originalDueDate,
    retry: c.retry,
    status: gw.status,
    updated_at: new Date(),
  })
  if (c.orderRef) await pix.setOrderRef(g.db, row.id, c.orderRef)
  return row
}

async function ownCharge(deps: GatewayDeps, storeId: string, id: string) {
  const row = await pix.findCharge(deps.db, storeId, id)
  if (!row) throw new AppError(404, PIX_AUTOMATIC_MESSAGES.chargeNotFound)
  return row
}

export async function pixChargeOf(deps: PaymentsDeps, input: PixRef) {
  const req = parse(refInput, input)
  return chargeView(await ownCharge(at(deps, req.now), req.storeId, req.id))
}

/**
 * A new attempt of a FAILED charge (BCB: at most 3, within 7 days of the first due date, from the next day on).
 * Retrying the same failed attempt twice answers the same retry.
 */
export async function retryPixCharge(deps: PaymentsDeps, input: PixRetryRequest) {
  const req = parse(retryInput, input)
  const g = at(deps, req.now)
  const failed = await ownCharge(g, req.storeId, req.chargeId)
  const next = await pix.findChargeByRef(g.db, failed.authorization_id, failed.external_ref, failed.retry + 1)
  if (next) return chargeView(next)
  if (failed.status !== 'FAILED') throw new AppError(409, PIX_AUTOMATIC_MESSAGES.retryNotFailed)
  if (failed.retry >= 3) throw new AppError(422, PIX_AUTOMATIC_MESSAGES.retryLimit)
  const today = saoPauloDay(g.now)
  const last = new Date(`${failed.original_due_date}T12:00:00Z`)
  last.setUTCDate(last.getUTCDate() + 7)
  if (req.dueDate <= today || req.dueDate > last.toISOString().slice(0, 10))
    throw new AppError(422, PIX_AUTOMATIC_MESSAGES.retryDate)
  const auth = (await pix.findAuthorization(g.db, req.storeId, failed.authorization_id))!
  if (auth.status !== 'ACTIVE') throw new AppError(409, PIX_AUTOMATIC_MESSAGES.notActive)
  const row = await sendCharge(g, auth, {
    amountCents: failed.amount_cents,
    dueDate: req.dueDate,
    externalRef: failed.external_ref,
    description: 'Pix Automático (nova tentativa)',
    retryOf: failed.gateway_id ?? undefined,
    retry: failed.retry + 1,
    originalDueDate: failed.original_due_date,
    orderRef: await pix.orderRefOf(g.db, failed.id),
  })
  return chargeView(row)
}

export async function cancelPixCharge(deps: PaymentsDeps, input: PixRef) {
  const req = parse(refInput, input)
  const g = at(deps, req.now)
  const row = await ownCharge(g, req.storeId, req.id)
  if (row.status === 'CANCELLED') return chargeView(row)
  if (row.status !== 'SCHEDULED' || !row.gateway_id) throw new AppError(409, PIX_AUTOMATIC_MESSAGES.notScheduled)
  const auth = (await pix.findAuthorization(g.db, req.storeId, row.authorization_id))!
  const target = await targetOfAuth(g, auth)
  const gw = await portOf(target).cancelCharge(target.key, row.gateway_id).catch(failure)
  return chargeView(await applyCharge(g, row, gw))
}
