import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom'
import { type LoginInput, loginSchema } from '../../../shared/identity'
import { homeAfterLogin } from '../../lib/roles'
import { normalizeRole } from '../../lib/session'
import { showCleanupNotice, useSession } from '../../lib/session-context'
import { toast } from '../../lib/toast'
import { Alert, Button, Input } from '../../ui'
import { useLogin } from './api/login'
import { AuthCard, firstError } from './components/auth-card'

export default function LoginPage() {
  const { isAuthenticated, user, signIn } = useSession()
  const location = useLocation()
  const navigate = useNavigate()
  const from = (location.state as { from?: string } | null)?.from
  const mutation = useLogin()
  const [failure, setFailure] = useState<string>()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), reValidateMode: 'onSubmit' })

  useEffect(showCleanupNotice, [])

  if (isAuthenticated && user && !mutation.isPending) return <Navigate to={homeAfterLogin(user.role, from)} replace />

  const submit = handleSubmit(async (input) => {
    setFailure(undefined)
    try {
      const { user: u, token } = await mutation.mutateAsync(input)
      const role = normalizeRole(u.role)
      signIn({ token, user: { id: u.id, email: u.email, name: u.name, role } })
      toast.success('Login bem-sucedido!')
      navigate(homeAfterLogin(role, from), { replace: true })
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : 'Falha no login.')
    }
  })

  const message = failure ?? firstError(errors)
  return (
    <AuthCard
      title="Entrar"
      subtitle="Acesse sua conta para gerenciar suas lojas."
      footer={
        <>
          Não tem uma conta? <Link to="/register">Criar conta</Link>
        </>
      }
    >
      <form className="stack" onSubmit={submit} noValidate>
        {message && <Alert tone="danger">{message}</Alert>}
        <Input
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="seu@email.com"
          aria-invalid={errors.email ? true : undefined}
          {...register('email')}
        />
        <Input
          label="Senha"
          type="password"
          autoComplete="current-password"
          placeholder="Sua senha"
          {...register('password')}
        />
        <Button type="submit" size="lg" block loading={mutation.isPending} loadingText="Entrando...">
          Entrar
        </Button>
      </form>
    </AuthCard>
  )
}
