// The first paint of a checkout page, rendered by the API (src/platform/spa.ts) with the pages' own components, so
// a buyer on a slow phone sees the page before its JavaScript has arrived. Built by vite.config.ts into .ssr/.

import { text } from 'node:stream/consumers'
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { createQueryClient } from './app/query-client'
import { BuyerPages } from './checkout-pages'
import { type FirstReads, seedFirstReads } from './features/checkout/buyer/api/first-reads'
import DigitalCheckoutPage from './features/checkout/buyer/digital-checkout-page'
import PhysicalCheckoutPage from './features/checkout/buyer/physical-checkout-page'
import { BUYER_PATHS } from './features/checkout/buyer/routes'

const PAGES = [
  { path: BUYER_PATHS.physical, Component: PhysicalCheckoutPage },
  { path: BUYER_PATHS.digital, Component: DigitalCheckoutPage },
]

export type { FirstReads }

/**
 * The HTML that goes inside #root for `url` (path and query), drawn from the reads the browser will start from.
 * Waits for the pages' lazy parts too (prerender), so none is left for the browser to redo as an error.
 */
export async function renderCheckout(url: string, storeId: string, productId: string, reads: FirstReads) {
  const client = createQueryClient()
  seedFirstReads(client, storeId, productId, reads)
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={client}>
        <BuyerPages routes={PAGES} url={url} />
      </QueryClientProvider>
    </StrictMode>,
  )
  return text(prelude)
}
