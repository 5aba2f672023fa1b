import { TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card } from './layout'

/** A card alone in the middle of the page, under a round icon (a welcome, a refusal). */
export function NoticeCard({
  className,
  iconClassName,
  icon,
  title,
  children,
}: {
  className: string
  iconClassName: string
  icon: ReactNode
  title: ReactNode
  children: ReactNode
}) {
  return (
    <div className="center-page">
      <Card className={className}>
        <div className={iconClassName} aria-hidden>
          {icon}
        </div>
        <h1>{title}</h1>
        {children}
      </Card>
    </div>
  )
}

/** "Acesso Negado": why the page is refused (`children`), then the way out (`actions`). */
export function AccessDeniedCard({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  return (
    <NoticeCard
      className="access-denied"
      iconClassName="access-denied-icon"
      icon={<TriangleAlert size={40} />}
      title="Acesso Negado"
    >
      {children}
      <div className="row access-denied-actions">{actions}</div>
    </NoticeCard>
  )
}
