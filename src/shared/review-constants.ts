/** Review constants the buyer's carousel needs, in a zod-free file so the checkout does not load the validation library. */

/** How long each review stays in the checkout carousel (spec 002 §9). */
export const REVIEW_CAROUSEL_MS = 5000
