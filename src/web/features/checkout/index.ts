/** What other features may use from checkout: the buyer's PIX screen (the merchant's /test-ativo-pay shows it too). */
export { PixPanel, type PixPanelProps } from './buyer/order/pix-panel'
