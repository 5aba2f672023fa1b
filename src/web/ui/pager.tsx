import type { ReactNode } from 'react'
import { Button } from './button'
import { cx } from './cx'

/**
 * 'Anterior · {children} · Próxima' under a paged list, whatever counts its pages; both buttons wait while the next
 * page is `busy` loading.
 */
export function PageNav({
  className,
  label = 'Paginação',
  hasPrevious,
  hasNext,
  busy = false,
  onPrevious,
  onNext,
  children,
}: {
  className?: string
  label?: string
  hasPrevious: boolean
  hasNext: boolean
  busy?: boolean
  onPrevious: () => void
  onNext: () => void
  children: ReactNode
}) {
  return (
    <nav className={className} aria-label={label}>
      <Button variant="secondary" size="sm" disabled={!hasPrevious || busy} onClick={onPrevious}>
        Anterior
      </Button>
      {children}
      <Button variant="secondary" size="sm" disabled={!hasNext || busy} onClick={onNext}>
        Próxima
      </Button>
    </nav>
  )
}

/** 'Anterior · Página n de N · Próxima' under a list paged by offset; nothing when everything fits on one page. */
export function Pager({
  page,
  total,
  perPage,
  onChange,
  className,
}: {
  page: number
  total: number
  perPage: number
  onChange: (page: number) => void
  className?: string
}) {
  const pages = Math.max(1, Math.ceil(total / perPage))
  if (pages <= 1) return null
  return (
    <PageNav
      className={cx('pager', className)}
      hasPrevious={page > 1}
      hasNext={page < pages}
      onPrevious={() => onChange(page - 1)}
      onNext={() => onChange(page + 1)}
    >
      <span className="muted">
        Página {page} de {pages}
      </span>
    </PageNav>
  )
}
