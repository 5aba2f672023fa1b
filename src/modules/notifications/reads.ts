/**
 * Reads made once per handler run: the order-received handler reads the order page to decide, then the message it
 * sends reads the same page again (compose.ts) and the store's e-mail settings twice (is this kind on? which
 * Reply-To?). A handler passes one memo down (`withReads`); each read is then a promise shared by every caller of the
 * same key within that run. A later job (a retry, a resend) has its own memo, so it reads the order as it is then.
 * A batch handler (a relay pass of orders) shares one memo across its orders and primes it with all their pages at
 * once (primeOrderReads).
 */
import { orderingService } from '../ordering'

export type ReadMemo = Map<string, Promise<unknown>>

/** Ordering's deps for the order page (any logger), with the run's memo. */
type PageDeps = Omit<Parameters<typeof orderingService.orderPage>[0], 'log'> & { log: unknown; reads?: ReadMemo }

/** The deps of one handler run with a fresh memo. */
export const withReads = <D extends object>(deps: D): D & { reads: ReadMemo } => ({ ...deps, reads: new Map() })

/** `read()` once per `key` for the memo's run; without a memo (routes, previews) it simply reads. */
export function once<T>(memo: ReadMemo | undefined, key: string, read: () => Promise<T>): Promise<T> {
  if (!memo) return read()
  let p = memo.get(key) as Promise<T> | undefined
  if (!p) {
    p = read()
    // A failed read is not kept: the job's retry (a new run) reads again anyway, and so does a later caller here.
    p.catch(() => memo.delete(key))
    memo.set(key, p)
  }
  return p
}

const orderKey = (orderId: string) => `order-page:${orderId}`

/**
 * The order's page (status, charge, access), as ordering gives it to the buyer, and its snapshot (the lines a message
 * lists), both from one read of the order.
 */
export const orderReadsOnce = (deps: PageDeps, orderId: string) =>
  once(deps.reads, orderKey(orderId), () =>
    orderingService.orderPageAndSnapshot({ ...deps, log: deps.log as never }, orderId),
  )

/**
 * Reads the pages of a batch's orders in one go (two statements, not two per order) into the run's memo, where
 * orderReadsOnce finds them; an order that does not exist is remembered as such, as a single read would. Should the
 * batch read fail, nothing is primed and each order reads its own page as before: no message waits on the batch.
 */
export async function primeOrderReads(
  deps: PageDeps & { reads: ReadMemo; log: { warn(...a: unknown[]): void } },
  orderIds: readonly string[],
) {
  const wanted = orderIds.filter((id) => !deps.reads.has(orderKey(id)))
  if (wanted.length === 0) return
  let pages: Awaited<ReturnType<typeof orderingService.orderPagesAndSnapshots>>
  try {
    pages = await orderingService.orderPagesAndSnapshots({ ...deps, log: deps.log as never }, wanted)
  } catch (err) {
    deps.log.warn({ err }, 'batch read of order pages failed; reading each order')
    return
  }
  for (const id of wanted) deps.reads.set(orderKey(id), Promise.resolve(pages.get(id)))
}

/** The order's page alone (the handler's check before it queues the message). */
export const orderPageOnce = async (deps: PageDeps, orderId: string) => (await orderReadsOnce(deps, orderId))?.page
