/**
 * subscriptions (issue 36): the small part of PIX Automático both pages need at once, kept tiny because the
 * checkout and the order page import it statically (the panel itself is in the lazy plans chunk).
 */
export const PIX_AUTOMATIC_LABEL = 'Pix Automático'
export const PIX_AUTOMATIC_HINT = 'Autorize uma vez no app do banco; as próximas cobranças são automáticas'
/** A plan offering both: the plain PIX's own words (a new code before each due date). */
export const PIX_EACH_PERIOD_LABEL = 'PIX a cada período'
export const PIX_EACH_PERIOD_HINT = 'Você recebe um novo código PIX por e-mail antes de cada vencimento'
