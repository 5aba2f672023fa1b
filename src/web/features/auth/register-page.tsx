import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, Navigate, useNavigate } from 'react-router-dom'
import { type RegisterFormInput, registerFormSchema } from '../../../shared/identity'
import { ApiError } from '../../lib/api'
import { homeAfterLogin } from '../../lib/roles'
import { normalizeRole } from '../../lib/session'
import { useSession } from '../../lib/session-context'
import { toast } from '../../lib/toast'
import { Alert, Button, cx, Input } from '../../ui'
import { useLogin } from './api/login'
import { useRegister } from './api/register'
import { AuthCard } from './components/auth-card'
import { type LegalDoc, LegalModal } from './components/legal-modal'

const FILL_ALL = 'Por favor, preencha todos os campos.'

export default function RegisterPage() {
  const { isAuthenticated, signIn } = useSession()
  const navigate = useNavigate()
  const mutation = useRegister()
  const login = useLogin()
  const [failure, setFailure] = useState<string>()
  const [legal, setLegal] = useState<LegalDoc | null>(null)
  const {
    register,
    handleSubmit,
    control,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<RegisterFormInput>({ resolver: zodResolver(registerFormSchema), reValidateMode: 'onSubmit' })
  const [password = '', confirmPassword = ''] = useWatch({ control, name: ['password', 'confirmPassword'] })

  if (isAuthenticated && !login.isPending) return <Navigate to="/dashboard" replace />

  const submit = handleSubmit(async ({ name, email, password }) => {
    setFailure(undefined)
    try {
      await mutation.mutateAsync({ name, email, password })
    } catch (err) {
      if (err instanceof ApiError && err.errors?.email) setError('email', { message: err.errors.email })
      else
        setFailure(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : 'Falha no registro.')
      return
    }
    // The account exists: the merchant goes straight in instead of typing the same password again.
    try {
      const { user: u, token } = await login.mutateAsync({ email, password })
      const role = normalizeRole(u.role)
      signIn({ token, user: { id: u.id, email: u.email, name: u.name, role } })
      toast.success('Conta criada! Bem-vindo(a).')
      navigate(homeAfterLogin(role, undefined), { replace: true })
    } catch {
      toast.success('Conta criada! Entre com seu e-mail e senha.')
      navigate('/login', { replace: true })
    }
  })

  // "Fill all fields" is one message for the whole form; other messages sit under their field.
  const missing = Object.values(errors).some((e) => e?.message === FILL_ALL)
  const fieldError = (message: string | undefined) => (message === FILL_ALL ? undefined : message)
  const field = (name: keyof RegisterFormInput) =>
    register(name, {
      onChange: () => {
        clearErrors(name)
        setFailure(undefined)
      },
    })
  const checks = [
    { ok: password.length >= 6, label: 'Pelo menos 6 caracteres' },
    { ok: password.length > 0 && password === confirmPassword, label: 'As senhas coincidem' },
  ]

  return (
    <AuthCard
      title="Criar conta"
      subtitle="Comece a vender em poucos minutos."
      footer={
        <>
          Já tem uma conta? <Link to="/login">Entrar</Link>
        </>
      }
    >
      <form className="stack" onSubmit={submit} noValidate>
        {(failure || missing) && <Alert tone="danger">{failure ?? FILL_ALL}</Alert>}
        <Input label="Nome completo" autoComplete="name" error={fieldError(errors.name?.message)} {...field('name')} />
        <Input
          label="Email"
          type="email"
          autoComplete="email"
          error={fieldError(errors.email?.message)}
          {...field('email')}
        />
        <Input
          label="Senha"
          type="password"
          autoComplete="new-password"
          error={fieldError(errors.password?.message)}
          {...field('password')}
        />
        <Input
          label="Confirmar senha"
          type="password"
          autoComplete="new-password"
          error={fieldError(errors.confirmPassword?.message)}
          {...field('confirmPassword')}
        />
        <ul className="checklist" aria-label="Requisitos da senha">
          {checks.map((c) => (
            <li key={c.label} className={cx('checklist-item', c.ok && 'checklist-ok')}>
              <span aria-hidden>{c.ok ? '✓' : '○'}</span> {c.label}
            </li>
          ))}
        </ul>
        <p className="legal-note">
          Ao criar uma conta, você concorda com os{' '}
          <button type="button" className="link-btn" onClick={() => setLegal('terms')}>
            Termos de Uso
          </button>{' '}
          e a{' '}
          <button type="button" className="link-btn" onClick={() => setLegal('privacy')}>
            Política de Privacidade
          </button>
          .
        </p>
        <Button
          type="submit"
          size="lg"
          block
          loading={mutation.isPending || login.isPending}
          loadingText="Criando conta..."
        >
          Criar conta
        </Button>
      </form>
      <LegalModal doc={legal} onClose={() => setLegal(null)} />
    </AuthCard>
  )
}
