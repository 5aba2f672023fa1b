import { z } from 'zod'
import { buyerShipmentSchema } from './fulfilment'

/** The buyer's area (issue 35): sign-in by e-mailed link, orders, library. Shared by the screens and the routes. */
export const BUYER_MSG = {
  email: 'Informe um e-mail válido.',
  linkSent: 'Se houver compras com este e-mail, enviamos um link de acesso. Confira sua caixa de entrada.',
  linkInvalid: 'Este link de acesso é inválido, já foi usado ou expirou. Peça um novo link.',
  signIn: 'Entre na sua área com o link enviado por e-mail.',
  tooMany: 'Muitos pedidos de link. Aguarde alguns minutos e tente de novo.',
  accessEnded: 'O acesso a este produto foi encerrado porque o pedido foi reembolsado ou contestado.',
  fileNotFound: 'Arquivo não encontrado',
} as const

export const buyerLoginLinkSchema = z.object({
  email: z
    .string({ error: BUYER_MSG.email })
    .trim()
    .toLowerCase()
    .max(254, BUYER_MSG.email)
    .pipe(z.email(BUYER_MSG.email)),
})
export type BuyerLoginLinkInput = z.input<typeof buyerLoginLinkSchema>

export const buyerSessionSchema = z.object({ token: z.string().min(1).max(200) })

export const buyerMeSchema = z.object({ email: z.string() })

export const buyerOrderSchema = z.object({
  id: z.string(),
  storeName: z.string(),
  orderNumber: z.number(),
  status: z.string(),
  statusLabel: z.string(),
  total: z.number(),
  refunded: z.number(),
  createdAt: z.string(),
  /** The order's own page (payment code, tracking, refunds) with its token. */
  pageUrl: z.string(),
  items: z.array(z.object({ name: z.string(), quantity: z.number(), refunded: z.boolean() })),
  /** A physical order once it left the store: carrier, tracking code and link (issue 38); null before. */
  shipment: buyerShipmentSchema.shape.shipment,
})
export const buyerOrdersSchema = z.object({ orders: z.array(buyerOrderSchema), total: z.number() })
export type BuyerOrders = z.infer<typeof buyerOrdersSchema>

export const libraryItemSchema = z.object({
  orderId: z.string(),
  orderNumber: z.number(),
  storeName: z.string(),
  productId: z.string(),
  productName: z.string(),
  /** An external link the merchant gave instead of (or beside) files. */
  link: z.string().nullable(),
  files: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      size: z.number(),
      contentType: z.string(),
      /** GET it (same site, the session cookie): 302 to a link valid 5 minutes. */
      downloadUrl: z.string(),
      /** Why this file comes without the buyer's stamp (a PDF over the size limit), else null. */
      note: z.string().nullable(),
    }),
  ),
})
export const librarySchema = z.object({ items: z.array(libraryItemSchema) })
export type Library = z.infer<typeof librarySchema>

/** Per file of an order's digital products: how many times its buyer downloaded it (the merchant's order detail). */
export const orderDownloadsSchema = z.array(
  z.object({
    fileId: z.string(),
    name: z.string(),
    downloads: z.number(),
    lastDownloadAt: z.string().nullable(),
  }),
)
export type OrderDownloads = z.infer<typeof orderDownloadsSchema>
