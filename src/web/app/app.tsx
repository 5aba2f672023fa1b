import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { RouterBuyerNav } from '../features/checkout/buyer/nav/router-nav'
import { usePageTitle } from '../lib/page-title'
import { useSession } from '../lib/session-context'
import { Loading } from '../ui'
import { RequireAuth } from './guards'
import { publicRoutes } from './registry'
import { SessionProvider } from './session'

// Everything behind login is one lazy chunk, so a buyer on a checkout page downloads no merchant code.
const PrivateApp = lazy(() => import('./private-app'))
const LoginPage = lazy(() => import('../features/auth/login-page'))
const RegisterPage = lazy(() => import('../features/auth/register-page'))
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page'))
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'))
const TestSidebarPage = lazy(() => import('../features/debug/test-sidebar-page'))

function RootRedirect() {
  const { isAuthenticated } = useSession()
  return <Navigate to={isAuthenticated ? '/dashboard' : '/login'} replace />
}

function Titled({ title, Page }: { title: string; Page: LazyExoticComponent<ComponentType> }) {
  usePageTitle(title)
  return <Page />
}

/** Route table (spec 002 §2.1): public pages first; any other path needs login and is resolved by PrivateApp. */
export function App() {
  return (
    <SessionProvider>
      <Suspense fallback={<Loading message="Carregando..." />}>
        <Routes>
          {/* The buyer pages read their navigation from a context (buyer/nav/buyer-nav.tsx): React Router's here. */}
          {publicRoutes.map(({ path, Component }) => (
            <Route
              key={path}
              path={path}
              element={
                <RouterBuyerNav>
                  <Component />
                </RouterBuyerNav>
              }
            />
          ))}
          <Route path="/login" element={<Titled title="Entrar" Page={LoginPage} />} />
          <Route path="/register" element={<Titled title="Criar conta" Page={RegisterPage} />} />
          <Route
            path="/esqueci-minha-senha"
            element={<Titled title="Esqueci minha senha" Page={ForgotPasswordPage} />}
          />
          <Route path="/redefinir-senha" element={<Titled title="Criar nova senha" Page={ResetPasswordPage} />} />
          <Route path="/test-sidebar" element={<TestSidebarPage />} />
          <Route path="/" element={<RootRedirect />} />
          <Route
            path="*"
            element={
              <RequireAuth>
                <PrivateApp />
              </RequireAuth>
            }
          />
        </Routes>
      </Suspense>
    </SessionProvider>
  )
}
