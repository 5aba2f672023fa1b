import { z } from 'zod'

export { normalizeRole, ROLE_LABELS, ROLES, type Role, statusLabel } from './roles'

import { ROLES } from './roles'

const requiredText = (message: string, max: number, maxMessage: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, maxMessage)

const FILL_ALL = 'Por favor, preencha todos os campos.'

export const registerSchema = z.object({
  name: requiredText(FILL_ALL, 120, 'O nome deve ter no máximo 120 caracteres.'),
  email: z
    .string({ error: FILL_ALL })
    .trim()
    .min(1, FILL_ALL)
    .max(254, 'E-mail muito longo.')
    .pipe(z.email('E-mail inválido.')),
  password: z
    .string({ error: FILL_ALL })
    .min(1, FILL_ALL)
    .min(6, 'A senha deve ter pelo menos 6 caracteres.')
    .max(128, 'A senha deve ter no máximo 128 caracteres.'),
})
export type RegisterInput = z.infer<typeof registerSchema>

/** The register form adds the confirmation the server never sees. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string({ error: FILL_ALL }).min(1, FILL_ALL) })
  .refine((v) => v.password === v.confirmPassword, { message: 'As senhas não coincidem.', path: ['confirmPassword'] })
export type RegisterFormInput = z.infer<typeof registerFormSchema>

const FILL_LOGIN = 'Por favor, preencha email e senha.'
export const loginSchema = z.object({
  email: z.string({ error: FILL_LOGIN }).trim().min(1, FILL_LOGIN).max(254, 'E-mail muito longo.'),
  password: z.string({ error: FILL_LOGIN }).min(1, FILL_LOGIN).max(128, 'A senha deve ter no máximo 128 caracteres.'),
})
export type LoginInput = z.infer<typeof loginSchema>

export const profileSchema = z.object({
  name: requiredText('O nome é obrigatório', 120, 'O nome deve ter no máximo 120 caracteres.'),
})
export type ProfileInput = z.infer<typeof profileSchema>

export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: 'A senha atual é obrigatória' }).min(1, 'A senha atual é obrigatória').max(128),
  newPassword: z
    .string({ error: 'A nova senha é obrigatória' })
    .min(1, 'A nova senha é obrigatória')
    .min(8, 'A senha deve ter pelo menos 8 caracteres')
    .max(128, 'A senha deve ter no máximo 128 caracteres.'),
})
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>

export const passwordChangeFormSchema = passwordChangeSchema
  .extend({ confirmPassword: z.string().min(1, 'Confirme sua nova senha') })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'As senhas não coincidem', path: ['confirmPassword'] })
export type PasswordChangeFormInput = z.infer<typeof passwordChangeFormSchema>

export const adminCreateUserSchema = z.object({
  name: requiredText('Nome é obrigatório.', 120, 'O nome deve ter no máximo 120 caracteres.'),
  email: z
    .string({ error: 'Email é obrigatório.' })
    .trim()
    .min(1, 'Email é obrigatório.')
    .max(254, 'E-mail muito longo.')
    .pipe(z.email('E-mail inválido.')),
  password: z
    .string({ error: 'Senha é obrigatória.' })
    .min(6, 'A senha deve ter pelo menos 6 caracteres.')
    .max(128, 'A senha deve ter no máximo 128 caracteres.'),
  role: z.enum(ROLES, { error: 'Tipo de usuário inválido.' }).default('LOJISTA'),
})
export type AdminCreateUserInput = z.input<typeof adminCreateUserSchema>

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  status: z.string(),
  createdAt: z.string(),
})
export type User = z.infer<typeof userSchema>

export const PASSWORD_RESET_MESSAGES = {
  /** The same answer whether the e-mail has an account or not. */
  requested: 'Se este e-mail estiver cadastrado, você receberá um link para redefinir sua senha em instantes.',
  invalidToken: 'Este link de redefinição é inválido ou expirou. Peça um novo em "Esqueci minha senha".',
  done: 'Senha redefinida com sucesso! Entre com a nova senha.',
  tooMany: 'Muitas solicitações. Aguarde alguns minutos e tente novamente.',
} as const

export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: 'Informe seu e-mail.' })
    .trim()
    .min(1, 'Informe seu e-mail.')
    .max(254, 'E-mail muito longo.')
    .pipe(z.email('E-mail inválido.')),
})
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>

/** Same rules as registration for the new password. */
export const resetPasswordSchema = z.object({
  token: z
    .string({ error: PASSWORD_RESET_MESSAGES.invalidToken })
    .min(1, PASSWORD_RESET_MESSAGES.invalidToken)
    .max(200),
  password: registerSchema.shape.password,
})
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>

export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string({ error: FILL_ALL }).min(1, FILL_ALL) })
  .refine((v) => v.password === v.confirmPassword, { message: 'As senhas não coincidem.', path: ['confirmPassword'] })
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>
