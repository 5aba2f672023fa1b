/**
 * The buyer's words for a failed order (order-errors.ts), in their own chunk: no first screen needs them. The payment
 * step asks for it as it loads (checkout-flow.tsx), so a failure with the network gone still finds it.
 */
export const loadOrderErrors = () => import('./order-errors')
