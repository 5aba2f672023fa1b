import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { BuyerLink, useBuyerLocation, useBuyerNavigate, useBuyerParams, useBuyerSearchParams } from './buyer-nav'
import { BuyerRouter, matchPath } from './history-router'

describe('matchPath', () => {
  it('reads the params, decoded, with or without a trailing slash', () => {
    expect(matchPath('/checkout/:storeId/:productId', '/checkout/s%201/p1/')).toEqual({
      storeId: 's 1',
      productId: 'p1',
    })
    expect(matchPath('/pedido/:orderId', '/pedido/o1')).toEqual({ orderId: 'o1' })
  })
  it('refuses another path, another length or a broken escape', () => {
    expect(matchPath('/pedido/:orderId', '/checkout/o1')).toBeNull()
    expect(matchPath('/pedido/:orderId', '/pedido/o1/x')).toBeNull()
    expect(matchPath('/pedido/:orderId', '/pedido/%E0%A4%A')).toBeNull()
  })
})

function Checkout() {
  const { storeId } = useBuyerParams()
  const step = useBuyerSearchParams().get('etapa') ?? '1'
  const { state } = useBuyerLocation()
  const navigate = useBuyerNavigate()
  return (
    <>
      <p>
        loja {storeId} etapa {step} veio de {String((state as { from?: number } | null)?.from)}
      </p>
      <button type="button" onClick={() => navigate({ search: '?etapa=2' }, { state: { from: 1 } })}>
        Continuar
      </button>
      <button type="button" onClick={() => navigate('/pedido/o9', { replace: true })}>
        Pagar
      </button>
      <BuyerLink to="/pedido/o7">Ver pedido</BuyerLink>
    </>
  )
}

function Order() {
  return <p>pedido {useBuyerParams().orderId}</p>
}

const routes = [
  { path: '/checkout/:storeId/:productId', Component: Checkout },
  { path: '/pedido/:orderId', Component: Order },
]

afterEach(() => window.history.replaceState(null, '', '/'))

describe('BuyerRouter', () => {
  it('follows the history: a pushed step with its state, the browser’s Back, a link', async () => {
    window.history.replaceState(null, '', '/checkout/s1/p1?utm_source=ig')
    const user = userEvent.setup()
    render(<BuyerRouter routes={routes} fallback={<p>fora</p>} />)
    expect(screen.getByText('loja s1 etapa 1 veio de undefined')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    expect(screen.getByText('loja s1 etapa 2 veio de 1')).toBeTruthy()
    expect(window.location.search).toBe('?etapa=2')

    // The browser's Back (happy-dom does not move through its history: the entry is set as Back would leave it).
    act(() => {
      window.history.replaceState(null, '', '/checkout/s1/p1')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    expect(screen.getByText('loja s1 etapa 1 veio de undefined')).toBeTruthy()

    await user.click(screen.getByRole('link', { name: 'Ver pedido' }))
    expect(screen.getByText('pedido o7')).toBeTruthy()
    expect(window.location.pathname).toBe('/pedido/o7')
  })

  it('replaces the entry when asked', async () => {
    window.history.replaceState(null, '', '/checkout/s1/p1')
    const before = window.history.length
    const user = userEvent.setup()
    render(<BuyerRouter routes={routes} fallback={<p>fora</p>} />)
    await user.click(screen.getByRole('button', { name: 'Pagar' }))
    expect(screen.getByText('pedido o9')).toBeTruthy()
    expect(window.history.length).toBe(before)
  })

  it('draws a fixed URL (the server render) and the fallback for a path that is not a buyer page', () => {
    render(<BuyerRouter routes={routes} url="/checkout/s2/p2?etapa=3" fallback={<p>fora</p>} />)
    expect(screen.getByText('loja s2 etapa 3 veio de undefined')).toBeTruthy()
    render(<BuyerRouter routes={routes} url="/dashboard" fallback={<p>fora</p>} />)
    expect(screen.getByText('fora')).toBeTruthy()
  })
})
