/**
 * The buyer pages' navigation, behind a small context instead of React Router's hooks: the buyer entry
 * (checkout-main.tsx) provides it from the browser's history with a few lines of its own (./history-router.tsx),
 * keeping React Router out of the JavaScript a phone downloads to open a checkout (13 KB gzip), while the merchant
 * app, which routes the same pages, provides it from React Router (./router-nav.tsx).
 */
import { createContext, type MouseEvent, type ReactNode, useContext, useMemo } from 'react'

export interface BuyerLocation {
  pathname: string
  /** '' or '?a=b'. */
  search: string
  /** What the entry that led here was pushed with (`navigate(to, { state })`). */
  state: unknown
}

/** A path with its query, or a new query on the same path. */
export type BuyerTo = string | { search: string }

export interface NavigateOptions {
  replace?: boolean
  state?: unknown
}

export interface BuyerNav {
  location: BuyerLocation
  /** The matched route's `:params`. */
  params: Readonly<Record<string, string | undefined>>
  /** To a place, or through the history (`-1` is Back). */
  navigate(to: BuyerTo | number, options?: NavigateOptions): void
}

export const BuyerNavContext = createContext<BuyerNav | null>(null)

function useBuyerNav(): BuyerNav {
  const nav = useContext(BuyerNavContext)
  if (!nav) throw new Error('Buyer page rendered outside a BuyerNavContext provider')
  return nav
}

export const useBuyerParams = () => useBuyerNav().params
export const useBuyerNavigate = () => useBuyerNav().navigate
export const useBuyerLocation = () => useBuyerNav().location

/** The query of the current URL (read only: a change goes through `navigate({ search })`). */
export function useBuyerSearchParams(): URLSearchParams {
  const { search } = useBuyerNav().location
  return useMemo(() => new URLSearchParams(search), [search])
}

/** A link to another buyer page: a real <a href> (new tab, long press), followed in place on a plain click. */
export function BuyerLink({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useBuyerNavigate()
  function follow(e: MouseEvent<HTMLAnchorElement>) {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    e.preventDefault()
    navigate(to)
  }
  return (
    <a href={to} onClick={follow}>
      {children}
    </a>
  )
}
