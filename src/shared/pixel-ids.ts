/**
 * Event ids shared by the browser (fbq eventID) and the Conversions API (event_id): Meta drops the second copy of an
 * event with the same name and id. Dependency-free: the buyer pages import it without zod.
 */

/** Purchase: one per order. */
export function purchaseEventId(orderId: string): string {
  return `purchase.${orderId}`
}

/**
 * InitiateCheckout fires in the browser before the order exists, so it cannot carry the order id. Both sides know the
 * product and the pixel's browser id (`_fbp`, kept with the order): the browser event and the server's copy for the
 * same visit share this id. Without `_fbp` the pixel did not run (blocked), so only the server event exists and the
 * order id names it.
 */
export function initiateCheckoutEventId(productId: string, fbp: string | undefined, orderId: string): string {
  return fbp ? `checkout.${productId}.${fbp}` : `checkout.${orderId}`
}
