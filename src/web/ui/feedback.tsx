import type { ReactNode } from 'react'
import { cx } from './cx'

export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  return <span className={cx('spinner', `spinner-${size}`)} role="status" aria-label={label ?? 'Carregando'} />
}

/** A centred spinner with a message, for whole-page or whole-card loading states. */
export function Loading({ message }: { message: string }) {
  return (
    <div className="loading">
      <Spinner size="lg" label={message} />
      <p>{message}</p>
    </div>
  )
}

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info' | 'purple'

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={cx('badge', `badge-${tone}`)}>{children}</span>
}

export function EmptyState({
  icon,
  title,
  description,
  action,
}: {
  icon?: ReactNode
  title: ReactNode
  description?: ReactNode
  action?: ReactNode
}) {
  return (
    <div className="empty-state">
      {icon && (
        <div className="empty-icon" aria-hidden>
          {icon}
        </div>
      )}
      <h3>{title}</h3>
      {description && <p>{description}</p>}
      {action && <div className="empty-action">{action}</div>}
    </div>
  )
}

export function Alert({
  tone = 'info',
  children,
}: {
  tone?: 'info' | 'warning' | 'danger' | 'success'
  children: ReactNode
}) {
  return (
    <div className={cx('alert', `alert-${tone}`)} role={tone === 'danger' ? 'alert' : undefined}>
      {children}
    </div>
  )
}

/**
 * A loaded list's four faces: a spinner while it loads, `failed` (an Alert) when loading failed, `empty` when there
 * is nothing, else `children` drawing the items.
 */
export function ListStates<T>({
  query,
  loading,
  failed,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: readonly T[] }
  loading: string
  failed: ReactNode
  empty: ReactNode
  children: (items: readonly T[]) => ReactNode
}) {
  if (query.isPending) return <Loading message={loading} />
  if (query.isError || !query.data) return failed
  return query.data.length === 0 ? empty : children(query.data)
}
