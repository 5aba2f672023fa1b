import { Link } from 'react-router-dom'
import { forgotPasswordSchema } from '../../../shared/identity'
import { useEmailLinkForm } from '../../lib/email-link-form'
import { Alert, Button, Input } from '../../ui'
import { useForgotPassword } from './api/password-reset'
import { AuthCard, firstError } from './components/auth-card'

/** 'Esqueci minha senha': the same answer whether the e-mail has an account or not. */
export default function ForgotPasswordPage() {
  const mutation = useForgotPassword()
  const { register, errors, submit, answer, failure } = useEmailLinkForm(forgotPasswordSchema, mutation.mutateAsync)

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
