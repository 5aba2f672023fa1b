// What other features may use of marketing: the buyer's pieces, as lazy loaders so each stays its own chunk.
export const loadBumpOffers = () => import('./buyer/bump-offers')
export const loadUpsellRedirect = () => import('./buyer/upsell-redirect')
