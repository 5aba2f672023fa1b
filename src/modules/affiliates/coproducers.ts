/**
 * Co-producers: the producer invites an e-mail to a share of a product's sales (after the affiliate's commission);
 * the account with that e-mail accepts it. The affiliate's % plus every share may not pass 100 %.
 */
import type { z } from 'zod'
import { AppError } from '../../platform/errors'
import { publish } from '../../platform/events'
import { AFFILIATE_MESSAGES, type Coproducer, type coproducerInviteSchema } from '../../shared/affiliates'
import { isUuid } from '../../shared/ids'
import { catalogService } from '../catalog'
import { identityService } from '../identity'
import { storesService } from '../stores'
import * as repo from './coproducers.repository'
import { coproducerInvited } from './events'
import { findProgram } from './repository'
import type { Db, DbOrTrx } from './tables'

function toCoproducer(r: repo.CoproducerRow): Coproducer {
  return {
    id: r.id,
    storeId: r.store_id,
    productId: r.product_id,
    email: r.email,
    shareBps: r.share_bps,
    status: r.status,
    endsAt: r.ends_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
  }
}

async function requireProduct(db: DbOrTrx, storeId: string, productId: string) {
  const product = isUuid(productId) ? await catalogService.findProduct(db, storeId, productId) : undefined
  if (!product) throw new AppError(404, AFFILIATE_MESSAGES.productNotFound)
}

/** 400 when the affiliate's commission and the co-producers' shares would pass 100 % together. */
export async function checkShares(
  db: DbOrTrx,
  storeId: string,
  productId: string,
  change: { commissionBps?: number; addBps?: number },
) {
  const program = await findProgram(db, storeId, productId)
  const commission = change.commissionBps ?? program?.commission_bps ?? 0
  const shares = (await repo.productCoproducers(db, storeId, productId)).reduce((a, c) => a + c.share_bps, 0)
  if (commission + shares + (change.addBps ?? 0) > 10_000)
    throw new AppError(400, AFFILIATE_MESSAGES.sharesAbove100, { shareBps: AFFILIATE_MESSAGES.sharesAbove100 })
}

export async function inviteCoproducer(
  db: Db,
  storeId: string,
  productId: string,
  input: z.output<typeof coproducerInviteSchema>,
): Promise<Coproducer> {
  await requireProduct(db, storeId, productId)
  const store = await storesService.findStoreById(db, storeId)
  const owner = store ? await identityService.findUser(db, store.user_id) : undefined
  if (owner?.email.toLowerCase() === input.email)
    throw new AppError(400, AFFILIATE_MESSAGES.coproducerSelf, { email: AFFILIATE_MESSAGES.coproducerSelf })
  await checkShares(db, storeId, productId, { addBps: input.shareBps })
  // The invitation and the event that e-mails it commit together.
  const row = await db.transaction().execute(async (trx) => {
    const created = await repo.insertCoproducer(trx, {
      storeId,
      productId,
      email: input.email,
      shareBps: input.shareBps,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
    })
    if (created)
      await publish(trx, coproducerInvited, {
        coproducerId: created.id,
        storeId,
        productId,
        email: created.email,
        shareBps: created.share_bps,
      })
    return created
  })
  if (!row) throw new AppError(409, AFFILIATE_MESSAGES.coproducerExists, { email: AFFILIATE_MESSAGES.coproducerExists })
  return toCoproducer(row)
}

export async function listCoproducers(db: Db, storeId: string, productId: string): Promise<Coproducer[]> {
  await requireProduct(db, storeId, productId)
  return (await repo.productCoproducers(db, storeId, productId)).map(toCoproducer)
}

export async function removeCoproducer(db: Db, storeId: string, id: string): Promise<void> {
  const gone = isUuid(id) ? await repo.deleteCoproducer(db, storeId, id) : undefined
  if (!gone) throw new AppError(404, AFFILIATE_MESSAGES.coproducerNotFound)
}

export async function myInvitations(db: Db, email: string): Promise<Coproducer[]> {
  return (await repo.invitationsFor(db, email)).map(toCoproducer)
}

/** Only the account whose e-mail was invited accepts; anyone else gets 404 as for a missing invitation. */
export async function acceptCoproduction(db: Db, user: { id: string; email: string }, id: string) {
  const row = isUuid(id) ? await repo.acceptInvitation(db, id, user.email, user.id) : undefined
  if (!row) throw new AppError(404, AFFILIATE_MESSAGES.coproducerNotFound)
  return toCoproducer(row)
}
