// The consent box's text, apart from the recovery schemas: the buyer's checkout imports it without loading zod (the
// checkout chunk's budget, and zod's eval probe that the Content-Security-Policy reports as a violation).
export const RECOVERY_CONSENT_TEXT = 'Quero receber lembretes sobre esta compra'
