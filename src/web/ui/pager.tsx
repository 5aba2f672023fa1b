import { Button } from './button'
import { cx } from './cx'

/** 'Anterior · Página n de N · Próxima' under a paged list; nothing when everything fits on one page. */
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
    <div className={cx('pager', className)}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Anterior
      </Button>
      <span className="muted">
        Página {page} de {pages}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        Próxima
      </Button>
    </div>
  )
}
