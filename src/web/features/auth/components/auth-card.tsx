import { Gem } from 'lucide-react'
import type { ReactNode } from 'react'

/** Centered card of the login and register screens. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string
  subtitle: string
  children: ReactNode
  footer: ReactNode
}) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <div className="auth-brand">
          <span className="sidebar-logo" aria-hidden>
            <Gem size={18} />
          </span>
          Checkout Platform
        </div>
        <h1 className="auth-title">{title}</h1>
        <p className="auth-subtitle">{subtitle}</p>
        {children}
        <div className="auth-footer">{footer}</div>
      </div>
    </main>
  )
}

/** The first message of a form's errors, for the one-line summary the spec's auth messages are written for. */
export function firstError(errors: Record<string, { message?: string } | undefined>): string | undefined {
  for (const e of Object.values(errors)) if (e?.message) return e.message
  return undefined
}
