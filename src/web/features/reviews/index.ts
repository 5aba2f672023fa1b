// What other features may use of reviews: the buyer's pieces, as lazy loaders so each stays its own chunk
// (the checkout page downloads the carousel only when it shows it, and no merchant screen ever).
export const loadReviewsCarousel = () => import('./buyer/reviews-carousel')
export const loadLeaveReview = () => import('./buyer/leave-review')
