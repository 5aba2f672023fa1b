/** Address validation and CEP lookup answers. */
import { z } from 'zod'

// ---------------------------------------------------------------------------------------------------------------
// Address

export const addressValidationSchema = z.object({
  address: z.string().optional(),
  number: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zipCode: z.string().optional(),
})
export type AddressValidationInput = z.infer<typeof addressValidationSchema>

export const addressValidationAnswerSchema = z.object({
  valid: z.boolean(),
  message: z.string().optional(),
  field: z.string().optional(),
})
export type AddressValidationAnswer = z.infer<typeof addressValidationAnswerSchema>

/** The CEP lookup as the buyer page receives it (normalised from the ViaCEP-compatible service). */
export const cepLookupSchema = z.object({
  cep: z.string(),
  address: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  complement: z.string(),
})
export type CepLookup = z.infer<typeof cepLookupSchema>

export const CEP_NOT_FOUND = 'CEP não encontrado'
export const CEP_LOOKUP_ERROR = 'Erro ao consultar CEP'
