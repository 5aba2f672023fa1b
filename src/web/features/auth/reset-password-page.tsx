import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { PASSWORD_RESET_MESSAGES, type ResetPasswordFormInput, resetPasswordFormSchema } from '../../../shared/identity'
import { toast } from '../../lib/toast'
import { Alert, Button, Input } from '../../ui'
import { useResetPassword } from './api/password-reset'
import { AuthCard, firstError } from './components/auth-card'

/** /redefinir-senha?token=…: the new password (same rules as registration), then the login. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const navigate = useNavigate()
  const mutation = useResetPassword()
  const [failure, setFailure] = useState<string>()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { token, password: '', confirmPassword: '' },
  })

  const submit = handleSubmit(async ({ password }) => {
    setFailure(undefined)
    try {
      const { message } = await mutation.mutateAsync({ token, password })
      toast.success(message)
      navigate('/login', { replace: true })
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : PASSWORD_RESET_MESSAGES.invalidToken)
    }
  })

  const message = !token ? PASSWORD_RESET_MESSAGES.invalidToken : (failure ?? firstError(errors))
  return (
    <AuthCard
      title="Criar nova senha"
      subtitle="Escolha uma nova senha para a sua conta."
      footer={<Link to="/esqueci-minha-senha">Pedir um novo link</Link>}
    >
      <form className="stack" onSubmit={submit} noValidate>
        {message && <Alert tone="danger">{message}</Alert>}
        <Input label="Nova senha" type="password" autoComplete="new-password" {...register('password')} />
        <Input
          label="Confirme a nova senha"
          type="password"
          autoComplete="new-password"
          {...register('confirmPassword')}
        />
        <Button type="submit" size="lg" block disabled={!token} loading={mutation.isPending} loadingText="Salvando...">
          Salvar nova senha
        </Button>
      </form>
    </AuthCard>
  )
}
