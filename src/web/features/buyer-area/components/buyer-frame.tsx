import type { ReactNode } from 'react'

/** The buyer area's page: one column sized for a phone first, the platform's name on top. */
export function BuyerFrame({
  title,
  subtitle,
  action,
  children,
}: {
  title: string
  subtitle: string
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <main className="ba-page">
      <header className="ba-header">
        <div>
          <h1>{title}</h1>
          <p className="muted">{subtitle}</p>
        </div>
        {action}
      </header>
      <div className="stack ba-body">{children}</div>
    </main>
  )
}
