// What other features may use of subscriptions. The checkout takes only the light read of a product's plans and
// lazy loaders (its JS budget); the merchant and buyer-area pieces come as lazy loaders too, each its own chunk.
export { useCheckoutPlans } from './api/checkout-plans'
export { type PublicPlan, renewalNote } from './model'
export const loadPlanPicker = () => import('./buyer/plan-picker').then((m) => ({ default: m.PlanPicker }))
export const loadPlansEditor = () => import('./merchant/plans-editor').then((m) => ({ default: m.PlansEditor }))
export const loadSubscriptionFigures = () =>
  import('./merchant/subscription-figures').then((m) => ({ default: m.SubscriptionFigures }))
export const loadBuyerSubscriptions = () =>
  import('./buyer/area-subscriptions').then((m) => ({ default: m.AreaSubscriptions }))
