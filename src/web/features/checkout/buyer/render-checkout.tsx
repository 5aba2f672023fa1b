// The checkout pages as the buyer's router mounts them, for the component tests (never imported by the pages).
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import DigitalCheckoutPage from './digital-checkout-page'
import { RouterBuyerNav } from './nav/router-nav'
import PhysicalCheckoutPage from './physical-checkout-page'

function Where() {
  const location = useLocation()
  return <output data-testid="where">{location.pathname + location.search}</output>
}

/** Both checkout pages and the order page's route at `url`, with the current location in `where()`. */
export function renderCheckout(client: QueryClient, url: string) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/checkout/:storeId/:productId"
            element={
              <RouterBuyerNav>
                <PhysicalCheckoutPage />
              </RouterBuyerNav>
            }
          />
          <Route
            path="/digital-checkout/:storeId/:productId"
            element={
              <RouterBuyerNav>
                <DigitalCheckoutPage />
              </RouterBuyerNav>
            }
          />
          <Route path="/pedido/:orderId" element={<p>Página do pedido</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

/** Where the router is now: path and query. */
export const where = () => screen.getByTestId('where').textContent
