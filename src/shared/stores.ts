import { z } from 'zod'

export const STORE_NAME_MAX = 100
export const STORE_DESCRIPTION_MAX = 500

export const storeInputSchema = z.object({
  name: z
    .string({ error: 'Nome da loja é obrigatório.' })
    .trim()
    .min(1, 'Nome da loja é obrigatório.')
    .max(STORE_NAME_MAX, 'Nome da loja deve ter no máximo 100 caracteres.'),
  description: z
    .string()
    .trim()
    .max(STORE_DESCRIPTION_MAX, 'Descrição deve ter no máximo 500 caracteres.')
    .nullish()
    .transform((v) => v || null),
})
export type StoreInput = z.input<typeof storeInputSchema>

export const storeUpdateSchema = z.object({
  name: storeInputSchema.shape.name.optional(),
  description: storeInputSchema.shape.description.optional(),
  status: z.enum(['ACTIVE', 'INACTIVE'], { error: 'Status inválido.' }).optional(),
})
export type StoreUpdateInput = z.input<typeof storeUpdateSchema>

export const storeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  userId: z.string(),
  status: z.string(),
  createdAt: z.string(),
})
export type Store = z.infer<typeof storeSchema>
