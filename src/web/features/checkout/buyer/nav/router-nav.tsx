/** The buyer pages' navigation from React Router, for the merchant app (and tests) that route them with it. */
import { type ComponentType, type ReactNode, useCallback, useMemo } from 'react'
import { useLocation, useNavigate, useParams } from 'react-router-dom'
import { BuyerNavContext, type BuyerTo, type NavigateOptions } from './buyer-nav'

export function RouterBuyerNav({ children }: { children: ReactNode }) {
  const { pathname, search, state } = useLocation()
  const params = useParams()
  const routerNavigate = useNavigate()
  const navigate = useCallback(
    (to: BuyerTo | number, options?: NavigateOptions) =>
      typeof to === 'number' ? routerNavigate(to) : routerNavigate(to, options),
    [routerNavigate],
  )
  const value = useMemo(
    () => ({ location: { pathname, search, state: state ?? null }, params, navigate }),
    [pathname, search, state, params, navigate],
  )
  return <BuyerNavContext.Provider value={value}>{children}</BuyerNavContext.Provider>
}

/** `Component` with the buyer navigation of the React Router it is rendered under. */
export function withRouterNav(Component: ComponentType): ComponentType {
  return function RoutedBuyerPage() {
    return (
      <RouterBuyerNav>
        <Component />
      </RouterBuyerNav>
    )
  }
}
