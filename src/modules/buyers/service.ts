import { createHash, randomBytes } from 'node:crypto'
import type { AppConfig } from '../../config'
import type { Clock } from '../../platform/clock'
import { encryptSecret } from '../../platform/crypto'
import { AppError } from '../../platform/errors'
import { publish } from '../../platform/events'
import type { Storage } from '../../platform/storage'
import { BUYER_MSG } from '../../shared/buyers'
import { catalogService } from '../catalog'
import { orderingService } from '../ordering'
import { storesService } from '../stores'
import { subscriptionsService } from '../subscriptions'
import { buyerLoginRequested } from './events'
import * as repo from './repository'
import { deliveredKey, STAMP_SKIPPED_NOTE, stampState } from './stamped-download'
import type { Db } from './tables'

export const LOGIN_LINK_TTL_MS = 15 * 60_000
export const SESSION_TTL_MS = 30 * 86_400_000
/** A download link works for minutes: long enough to start, too short to share. */
export const DOWNLOAD_URL_TTL_S = 5 * 60

export interface BuyerDeps {
  db: Db
  config: Pick<AppConfig, 'APP_SECRET'>
  clock: Clock
  storage: Storage
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Sends a sign-in link when the e-mail placed an order; the caller answers the same either way, so nobody learns
 * whether an e-mail bought anything here.
 */
export async function requestLoginLink(deps: BuyerDeps, email: string): Promise<void> {
  if (!(await orderingService.hasOrders(deps.db, email))) return
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(deps.clock.now().getTime() + LOGIN_LINK_TTL_MS)
  await deps.db.transaction().execute(async (trx) => {
    const linkId = await repo.insertLoginLink(trx, { email, tokenHash: hash(token), expiresAt })
    await publish(trx, buyerLoginRequested, {
      linkId,
      email,
      tokenEncrypted: encryptSecret(deps.config.APP_SECRET, token),
      expiresAt: expiresAt.toISOString(),
    })
  })
}

/** Trades a sign-in link (once, within 15 minutes) for a session token of 30 days. */
export async function redeemLoginLink(deps: BuyerDeps, token: string) {
  const now = deps.clock.now()
  const link = await repo.consumeLoginLink(deps.db, hash(token), now)
  if (!link) throw new AppError(400, BUYER_MSG.linkInvalid, undefined, 'BUYER_LINK_INVALID')
  const session = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS)
  await repo.insertSession(deps.db, { email: link.email, tokenHash: hash(session), expiresAt })
  return { email: link.email, session, expiresAt }
}

export async function sessionEmail(deps: BuyerDeps, session: string | undefined): Promise<string | undefined> {
  if (!session) return undefined
  return (await repo.findLiveSession(deps.db, hash(session), deps.clock.now()))?.email
}

export async function signOut(deps: BuyerDeps, session: string | undefined) {
  if (session) await repo.revokeSession(deps.db, hash(session), deps.clock.now())
}

async function storeNames(db: Db, storeIds: string[]) {
  const names = new Map<string, string>()
  for (const id of new Set(storeIds)) names.set(id, (await storesService.findStoreById(db, id))?.name ?? 'Loja')
  return names
}

export async function orders(deps: BuyerDeps, email: string, page: { limit: number; offset: number }) {
  const found = await orderingService.buyerOrders(deps.db, deps.config.APP_SECRET, email, page)
  const names = await storeNames(
    deps.db,
    found.orders.map((o) => o.storeId),
  )
  return { ...found, names }
}

/** What the buyer may open now: one entry per product of a paid, not refunded line, with its files and link. */
export async function library(deps: BuyerDeps, email: string) {
  const lines = await withSubscriptionAccess(deps, await orderingService.buyerLines(deps.db, email))
  // newest order first: a product bought twice shows once, from its latest order
  const seen = new Set<string>()
  const firstPerProduct = lines.filter((l) => !seen.has(l.productId) && Boolean(seen.add(l.productId)))
  const byStore = new Map<string, string[]>()
  for (const l of firstPerProduct) byStore.set(l.storeId, [...(byStore.get(l.storeId) ?? []), l.productId])
  const products = (
    await Promise.all([...byStore].map(([storeId, ids]) => catalogService.findProducts(deps.db, storeId, ids)))
  ).flat()
  const files = await catalogService.deliverablesOf(
    deps.db,
    firstPerProduct.map((l) => l.productId),
  )
  const names = await storeNames(
    deps.db,
    firstPerProduct.map((l) => l.storeId),
  )
  return firstPerProduct.flatMap((l) => {
    const product = products.find((p) => p.id === l.productId)
    if (product?.type !== 'DIGITAL') return []
    const link = product.digitalFileUrl && /^https?:\/\//i.test(product.digitalFileUrl) ? product.digitalFileUrl : null
    return [
      {
        orderId: l.orderId,
        orderNumber: l.orderNumber,
        storeName: names.get(l.storeId) ?? 'Loja',
        productId: product.id,
        productName: product.name,
        link,
        files: files
          .filter((f) => f.productId === product.id)
          .map((f) => ({
            id: f.id,
            name: f.name,
            size: f.size,
            contentType: f.contentType,
            downloadUrl: `/api/buyer/files/${f.id}/download`,
            note: stampState(product, f) === 'too-large' ? STAMP_SKIPPED_NOTE : null,
          })),
      },
    ]
  })
}

/**
 * A link valid 5 minutes to one file (this order's stamped copy when the product stamps PDFs), for a buyer with a paid,
 * not refunded order of its product in its store. Another buyer's file is 404 (nothing says it exists); their own refunded or charged-back order is 403 with the reason.
 */
export async function downloadUrl(deps: BuyerDeps, email: string, fileId: string): Promise<string> {
  const file = await catalogService.findDeliverable(deps.db, fileId)
  if (!file) throw new AppError(404, BUYER_MSG.fileNotFound)
  const lines = (await orderingService.buyerLines(deps.db, email, [file.productId])).filter(
    (l) => l.storeId === file.storeId,
  )
  if (lines.length === 0) throw new AppError(404, BUYER_MSG.fileNotFound)
  const line = (await withSubscriptionAccess(deps, lines))[0]
  if (!line) throw new AppError(403, BUYER_MSG.accessEnded, undefined, 'ACCESS_ENDED')
  await repo.countDownload(deps.db, line.orderId, file.id, deps.clock.now())
  const product = await catalogService.findProduct(deps.db, file.storeId, file.productId)
  const key = await deliveredKey(deps, product, file, line)
  return deps.storage.signedUrl(key, {
    expiresInSec: DOWNLOAD_URL_TTL_S,
    filename: file.name,
    contentType: file.contentType,
  })
}

/** The lines that give access now: paid and not refunded and, for a subscription's order, within its accessUntil. */
async function withSubscriptionAccess<L extends { orderId: string; access: boolean }>(deps: BuyerDeps, lines: L[]) {
  const open = lines.filter((l) => l.access)
  const bySubscription = await subscriptionsService.orderAccess(
    deps.db,
    deps.clock,
    open.map((l) => l.orderId),
  )
  return open.filter((l) => bySubscription.get(l.orderId) ?? true)
}
