import { lazy, Suspense, useEffect } from 'react'
import { type BuyerRoute, BuyerRouter } from './features/checkout/buyer/nav/history-router'

// Not needed to open a page (a toast only follows a buyer's action): its chunk, icons included, comes after it.
const Toaster = lazy(() => import('./lib/toaster').then((m) => ({ default: m.Toaster })))

/** Any other URL belongs to the merchant app: load it from the server (which answers it with index.html). */
function LeaveCheckout() {
  useEffect(() => window.location.reload(), [])
  return null
}

/**
 * A server-drawn page ignores taps until React has taken it over (src/platform/spa.ts sets the style on #root): a
 * tap on its button before then would submit the bare form and put the buyer's data in the URL.
 */
function Interactive() {
  useEffect(() => {
    document.getElementById('root')?.style.removeProperty('pointer-events')
  }, [])
  return null
}

/**
 * The buyer entry's tree under its router, the same in the browser (lazy pages) and in the server's first paint
 * (the pages themselves, at `url`), so the browser hydrates what the server drew.
 */
export function BuyerPages({ routes, url }: { routes: BuyerRoute[]; url?: string }) {
  return (
    <>
      <Suspense fallback={null}>
        <BuyerRouter routes={routes} url={url} fallback={<LeaveCheckout />} />
        <Interactive />
      </Suspense>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </>
  )
}
