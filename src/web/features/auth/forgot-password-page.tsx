import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router-dom'
import { type ForgotPasswordInput, forgotPasswordSchema } from '../../../shared/identity'
import { Alert, Button, Input } from '../../ui'
import { useForgotPassword } from './api/password-reset'
import { AuthCard, firstError } from './components/auth-card'

/** 'Esqueci minha senha': the same answer whether the e-mail has an account or not. */
export default function ForgotPasswordPage() {
  const mutation = useForgotPassword()
  const [answer, setAnswer] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), reValidateMode: 'onSubmit' })

  const submit = handleSubmit(async (input) => {
    setFailure(undefined)
    try {
      setAnswer((await mutation.mutateAsync(input)).message)
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : 'Não foi possível enviar agora.')
    }
  })

  const message = failure ?? firstError(errors)
  return (
    <AuthCard
      title="Esqueci minha senha"
      subtitle="Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha."
      footer={<Link to="/login">Voltar para o login</Link>}
    >
      {answer ? (
        <Alert tone="success">{answer}</Alert>
      ) : (
        <form className="stack" onSubmit={submit} noValidate>
          {message && <Alert tone="danger">{message}</Alert>}
          <Input label="Email" type="email" autoComplete="email" placeholder="seu@email.com" {...register('email')} />
          <Button type="submit" size="lg" block loading={mutation.isPending} loadingText="Enviando...">
            Enviar link
          </Button>
        </form>
      )}
    </AuthCard>
  )
}
