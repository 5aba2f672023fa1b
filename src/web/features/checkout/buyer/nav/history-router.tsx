/**
 * The buyer entry's router: the buyer pages' few paths matched by hand against the browser's history (or, on the
 * server's first paint, a fixed URL). A path that is not a buyer page belongs to the merchant app: the browser
 * loads it from the server.
 */
import { type ComponentType, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react'
import { type BuyerLocation, BuyerNavContext, type BuyerTo, type NavigateOptions } from './buyer-nav'

export interface BuyerRoute {
  /** '/checkout/:storeId/:productId' */
  path: string
  Component: ComponentType
}

/** The `:params` of `pattern` in `pathname` (decoded), or null when it does not match; a trailing '/' is allowed. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean)
  const got = pathname.split('/').filter(Boolean)
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (const [i, segment] of want.entries()) {
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(got[i])
      } catch {
        return null
      }
    } else if (segment !== got[i]) return null
  }
  return params
}

/** The path and query of `to` relative to where the buyer is. */
export function hrefOf(to: BuyerTo, from: Pick<BuyerLocation, 'pathname'>): string {
  return typeof to === 'string' ? to : `${from.pathname}${to.search}`
}

function browserLocation(): BuyerLocation {
  const { pathname, search } = window.location
  return { pathname, search, state: (window.history.state as { usr?: unknown } | null)?.usr ?? null }
}

function fixedLocation(url: string): BuyerLocation {
  const parsed = new URL(url, 'http://localhost')
  return { pathname: parsed.pathname, search: parsed.search, state: null }
}

/** Renders the route matching the URL, `fallback` when none does; `url` fixes the location (server render). */
export function BuyerRouter({ routes, url, fallback }: { routes: BuyerRoute[]; url?: string; fallback: ReactNode }) {
  const [location, setLocation] = useState(() => (url === undefined ? browserLocation() : fixedLocation(url)))

  useEffect(() => {
    if (url !== undefined) return
    const onPop = () => setLocation(browserLocation())
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [url])

  const navigate = useCallback(
    (to: BuyerTo | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') return window.history.go(to)
      const href = hrefOf(to, window.location)
      const target = new URL(href, window.location.href)
      if (!routes.some((r) => matchPath(r.path, target.pathname))) return window.location.assign(href)
      const entry = { usr: options.state ?? null }
      if (options.replace) window.history.replaceState(entry, '', href)
      else window.history.pushState(entry, '', href)
      setLocation(browserLocation())
    },
    [routes],
  )

  const matched = useMemo(() => {
    for (const route of routes) {
      const params = matchPath(route.path, location.pathname)
      if (params) return { route, params }
    }
    return null
  }, [routes, location.pathname])

  const value = useMemo(() => ({ location, params: matched?.params ?? {}, navigate }), [location, matched, navigate])
  if (!matched) return <>{fallback}</>
  const { Component } = matched.route
  return (
    <BuyerNavContext.Provider value={value}>
      <Component />
    </BuyerNavContext.Provider>
  )
}
