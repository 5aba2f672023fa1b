// Constants of the buyer's PIX screen, kept free of zod so the checkout chunk stays small.

/** The buyer's PIX screen counts down from 30:00. */
export const PIX_COUNTDOWN_SECONDS = 30 * 60
/** 'Código Copiado!' shows for 3 s. */
export const COPY_FEEDBACK_MS = 3000
