/**
 * Facebook Pixel (spec 002 §2.4, §3, §5, §7): the store's configuration as the owner and the buyer pages see it, the
 * rules both the form and the server apply, the install snippet, and the event ids the browser and the Conversions
 * API share so Meta counts an event once. Dependency-free apart from zod.
 */
import { z } from 'zod'
import { deliveryOutcomeFields } from './fields'

export const PIXEL_MESSAGES = {
  invalidPixelId: 'ID do Facebook Pixel inválido. Deve conter 15-16 dígitos.',
  invalidToken: 'Token de acesso inválido. Deve ter de 40 a 200 caracteres: letras, números, _, | ou -.',
  invalidTestCode: 'Código de teste inválido. Use apenas letras e números (até 50).',
  loadFailed: 'Erro ao carregar configuração do Pixel',
  saveFailed: 'Erro ao salvar configuração do Pixel',
  saved: 'Configuração do Pixel salva com sucesso!',
  tokenRemoved: 'Token de acesso removido: o servidor deixa de enviar eventos.',
  copied: 'Código copiado!',
  copyFailed: 'Não foi possível copiar o código. Selecione e copie manualmente.',
  storeNotFound: 'Loja não encontrada',
} as const

export const PIXEL_ID_PATTERN = /^\d{15,16}$/
export const ACCESS_TOKEN_PATTERN = /^[A-Za-z0-9_|-]{40,200}$/
export const TEST_EVENT_CODE_PATTERN = /^[A-Za-z0-9]{1,50}$/

/**
 * The toggles of spec 002 §3. Lead and CompleteRegistration come from the checkout's identification step (a valid
 * e-mail; then name, e-mail, phone and CPF all valid) and are sent by the browser only: the Conversions API sends
 * InitiateCheckout and Purchase (SERVER_EVENTS).
 */
export const PIXEL_TOGGLES = [
  'trackPageView',
  'trackAddToCart',
  'trackInitiateCheckout',
  'trackPurchase',
  'trackLead',
  'trackCompleteRegistration',
] as const
export type PixelToggle = (typeof PIXEL_TOGGLES)[number]

/** A masked token as the owner receives it ("EAAB••••••••wxyz"): sent back unchanged, it keeps the stored one. */
export function isMaskedToken(value: string): boolean {
  return value.includes('•')
}

const toggles = {
  trackPageView: z.boolean(),
  trackAddToCart: z.boolean(),
  trackInitiateCheckout: z.boolean(),
  trackPurchase: z.boolean(),
  trackLead: z.boolean(),
  trackCompleteRegistration: z.boolean(),
}

/**
 * PATCH body: every field optional; the server merges it with what is stored and checks the result (§5: the pixel id
 * only when the pixel is active, see `pixelIdError`; a token whenever one is typed).
 */
export const pixelConfigInputSchema = z
  .object({
    pixelId: z.string().trim().max(32),
    /** Empty or the masked value keeps the stored token; null removes it. */
    accessToken: z.string().trim().max(256).nullable(),
    active: z.boolean(),
    testEventCode: z
      .string()
      .trim()
      .max(50)
      .refine((v) => v === '' || TEST_EVENT_CODE_PATTERN.test(v), PIXEL_MESSAGES.invalidTestCode)
      .nullable(),
    ...toggles,
  })
  .partial()
  .superRefine((v, ctx) => {
    if (v.accessToken && !isMaskedToken(v.accessToken) && !ACCESS_TOKEN_PATTERN.test(v.accessToken))
      ctx.addIssue({ code: 'custom', path: ['accessToken'], message: PIXEL_MESSAGES.invalidToken })
  })
export type PixelConfigInput = z.input<typeof pixelConfigInputSchema>

/** The owner's view: the token only masked. */
export const pixelConfigSchema = z.object({
  storeId: z.string(),
  pixelId: z.string(),
  accessToken: z.string().describe('Masked; empty when none is stored.'),
  hasAccessToken: z.boolean(),
  active: z.boolean(),
  testEventCode: z.string(),
  ...toggles,
  updatedAt: z.string().nullable(),
})
export type PixelConfig = z.infer<typeof pixelConfigSchema>

/** What the buyer pages read: never the token nor the test code. */
export const publicPixelConfigSchema = z.object({
  pixelId: z.string(),
  active: z.boolean(),
  ...toggles,
})
export type PublicPixelConfig = z.infer<typeof publicPixelConfigSchema>

/** Spec 002 §5: the id is checked when the pixel is active on save, and before copying the code. */
export function pixelIdError(c: { active: boolean; pixelId: string }): string | undefined {
  return c.active && !PIXEL_ID_PATTERN.test(c.pixelId) ? PIXEL_MESSAGES.invalidPixelId : undefined
}

/** Spec 002 §4: 'Ativo' only when active and a pixel id is present. */
export function pixelIsActive(c: { active: boolean; pixelId: string }): boolean {
  return c.active && PIXEL_ID_PATTERN.test(c.pixelId)
}

export const SERVER_EVENTS = ['InitiateCheckout', 'Purchase'] as const
export type ServerEvent = (typeof SERVER_EVENTS)[number]
export const DELIVERY_STATES = ['SENDING', 'RETRY', 'SENT', 'FAILED', 'SKIPPED'] as const

export const pixelDeliverySchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  eventName: z.enum(SERVER_EVENTS),
  eventId: z.string(),
  ...deliveryOutcomeFields(DELIVERY_STATES),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
})
export type PixelDelivery = z.infer<typeof pixelDeliverySchema>
export const pixelDeliveryListSchema = z.object({ deliveries: z.array(pixelDeliverySchema) })

// Event ids shared by the browser and the Conversions API: in ./pixel-ids (no zod, for the buyer pages).
export { initiateCheckoutEventId, purchaseEventId } from './pixel-ids'

// ---------------------------------------------------------------------------------------------------------------
// The install snippet Meta documents, for the merchant's own pages (our checkout loads the pixel itself).

export function pixelScriptSnippet(pixelId: string): string {
  return `<!-- Meta Pixel Code -->
<script>
!function(f,b,e,v,n,t,s)
{if(f.fbq)return;n=f.fbq=function(){n.callMethod?
n.callMethod.apply(n,arguments):n.queue.push(arguments)};
if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';
n.queue=[];t=b.createElement(e);t.async=!0;
t.src=v;s=b.getElementsByTagName(e)[0];
s.parentNode.insertBefore(t,s)}(window, document,'script',
'https://connect.facebook.net/en_US/fbevents.js');
fbq('init', '${pixelId}');
fbq('track', 'PageView');
</script>
<!-- End Meta Pixel Code -->`
}

export function pixelNoscriptSnippet(pixelId: string): string {
  return `<noscript><img height="1" width="1" style="display:none"
src="https://www.facebook.com/tr?id=${pixelId}&ev=PageView&noscript=1"
/></noscript>`
}
