import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { type PasswordChangeFormInput, passwordChangeFormSchema } from '../../../../shared/identity'
import { ApiError } from '../../../lib/api'
import { fieldBinder } from '../../../lib/form-field'
import { LONG_TOAST, toast } from '../../../lib/toast'
import { Button, Input } from '../../../ui'
import { useChangePassword } from '../api/change-password'

const WRONG_CURRENT = 'Senha atual incorreta'

/** 'Alterar Senha' (spec 002 §5 Password). A wrong current password is reported under its field. */
export function PasswordForm() {
  const change = useChangePassword()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeFormInput>({
    resolver: zodResolver(passwordChangeFormSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  })

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const answer = await change.mutateAsync({ currentPassword, newPassword })
      reset()
      toast.success(answer.message || 'Senha alterada com sucesso!', LONG_TOAST)
    } catch (err) {
      const apiErr = err instanceof ApiError ? err : undefined
      // By code, not by the message's words; the session's own 401 has already logged out (lib/api.ts).
      const wrongCurrent = apiErr?.code === 'CURRENT_PASSWORD_WRONG'
      const fieldError = apiErr?.errors?.currentPassword
      if (wrongCurrent || fieldError)
        setError('currentPassword', { message: wrongCurrent ? WRONG_CURRENT : fieldError })
      else if (apiErr?.errors?.newPassword) setError('newPassword', { message: apiErr.errors.newPassword })
      toast.error(wrongCurrent ? WRONG_CURRENT : apiErr?.message || 'Erro ao alterar senha', LONG_TOAST)
    }
  })

  const bind = fieldBinder(register, errors)
  const field = (name: keyof PasswordChangeFormInput) => bind(name, { onChange: () => clearErrors(name) })
  return (
    <form className="stack form-narrow" onSubmit={submit} noValidate>
      <Input label="Senha atual" type="password" autoComplete="current-password" {...field('currentPassword')} />
      <Input
        label="Nova senha"
        type="password"
        autoComplete="new-password"
        hint="Mínimo de 8 caracteres."
        {...field('newPassword')}
      />
      <Input label="Confirmar nova senha" type="password" autoComplete="new-password" {...field('confirmPassword')} />
      <div className="form-actions form-actions-start">
        <Button type="submit" loading={isSubmitting} loadingText="Alterando...">
          Alterar Senha
        </Button>
      </div>
    </form>
  )
}
