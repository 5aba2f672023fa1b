/** Pieces both the buyer checkout pages and the owner's live preview use. No merchant-area imports here. */

export { ensureFontLoaded } from './fonts'
export { MerchantHtml, MerchantStyle } from './merchant-content'
export { CHECKOUT_SCOPE_CLASS, type CheckoutLook, checkoutThemeStyle } from './theme'
