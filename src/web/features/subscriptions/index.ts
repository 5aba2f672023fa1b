// What other features may use of subscriptions: lazy loaders, each its own chunk, loaded where they show. (The
// checkout's plan picker lives in the checkout itself, checkout/buyer/plans/: its first paint stays within budget.)
export const loadPlansEditor = () => import('./merchant/plans-editor').then((m) => ({ default: m.PlansEditor }))
export const loadSubscriptionFigures = () =>
  import('./merchant/subscription-figures').then((m) => ({ default: m.SubscriptionFigures }))
export const loadBuyerSubscriptions = () =>
  import('./buyer/area-subscriptions').then((m) => ({ default: m.AreaSubscriptions }))
