import type { LucideIcon } from 'lucide-react'
import type { ComponentType, LazyExoticComponent } from 'react'

/** A page under /store/:storeId/<path>, with its sidebar entry. Features declare theirs in sections.ts. */
export interface StoreSection {
  path: string
  label: string
  /** Sidebar position: dashboard 10, products 20, orders 30, reviews 40, customize-checkout 50, shipping 60,
   *  order-bumps 70, upsells 80, facebook-pixel 90, integrations 100, payment-configuration 110. */
  order: number
  /** The sidebar icon (an SVG from lucide-react: an emoji renders as an empty box where no emoji font is), also
   *  shown when collapsed. */
  icon: LucideIcon
  Component: LazyExoticComponent<ComponentType>
}

/** A page outside the merchant shell (checkout pages, test pages): no sidebar, no login required. */
export interface PublicRoute {
  path: string
  Component: LazyExoticComponent<ComponentType>
}
