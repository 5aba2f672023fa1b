// What other features may use of funnels: the order page's offer, as a lazy loader so it stays its own chunk.
export const loadOfferBlock = () => import('./buyer/offer-block')
