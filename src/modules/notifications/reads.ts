/**
 * Reads made once per handler run: the order-received handler reads the order page to decide, then the message it
 * sends reads the same page again (compose.ts) and the store's e-mail settings twice (is this kind on? which
 * Reply-To?). A handler passes one memo down (`withReads`); each read is then a promise shared by every caller of the
 * same key within that run. A later job (a retry, a resend) has its own memo, so it reads the order as it is then.
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

/**
 * The order's page (status, charge, access), as ordering gives it to the buyer, and its snapshot (the lines a message
 * lists), both from one read of the order.
 */
export const orderReadsOnce = (deps: PageDeps, orderId: string) =>
  once(deps.reads, `order-page:${orderId}`, () =>
    orderingService.orderPageAndSnapshot({ ...deps, log: deps.log as never }, orderId),
  )

/** The order's page alone (the handler's check before it queues the message). */
export const orderPageOnce = async (deps: PageDeps, orderId: string) => (await orderReadsOnce(deps, orderId))?.page
