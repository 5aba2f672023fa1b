// The buyer pages' own entry (checkout.html, chosen by the server for their URLs, src/platform/spa.ts): no merchant
// session, shell or route table, so a buyer on a phone downloads and runs only what these pages need. The merchant
// app (main.tsx) still routes them too, for the dev server and in-app links.
// Before any Zod use on a buyer page: its JIT probe is a CSP eval report (see zod-jitless.ts).
import './zod-jitless'
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createQueryClient } from './app/query-client'
import { BuyerPages } from './checkout-pages'
import { type FirstReads, seedFirstReads } from './features/checkout/buyer/api/first-reads'
import { buyerRoutes } from './features/checkout/buyer/routes'
import './styles/base.css'

const client = createQueryClient()
const app = (
  <StrictMode>
    <QueryClientProvider client={client}>
      <BuyerPages routes={buyerRoutes} />
    </QueryClientProvider>
  </StrictMode>
)
const root = document.getElementById('root')!
// The server drew the page from these reads (src/web/checkout-server.tsx): start from them and keep its DOM.
const sent = document.getElementById('checkout-reads')
const [, , storeId, productId] = window.location.pathname.split('/')
if (sent?.textContent && storeId && productId) {
  seedFirstReads(client, storeId, productId, JSON.parse(sent.textContent) as FirstReads)
  // The drawn page is on screen first: React takes it over after the next frame, so a slow phone paints the page
  // before hydrating it rather than after; as a transition, the hydration yields to the browser every few
  // milliseconds instead of holding the main thread (a tap meanwhile is not lost: the page ignores pointers until then).
  requestAnimationFrame(() => setTimeout(() => startTransition(() => void hydrateRoot(root, app)), 0))
} else createRoot(root).render(app)
