import type { ReactNode } from 'react'
import { Button, Card } from '../../../ui'

/** A card of coupons or links: each row shows its details, then its on/off button, 'Editar' and 'Excluir'. */
export function OfferList<T extends { id: string }>({
  title,
  items,
  rowTestId,
  toggle,
  onEdit,
  onDelete,
  children,
}: {
  title: string
  items: readonly T[]
  rowTestId: string
  toggle: (item: T) => ReactNode
  onEdit: (item: T) => void
  onDelete: (item: T) => void
  children: (item: T) => ReactNode
}) {
  return (
    <Card title={title}>
      <ul className="mk-links">
        {items.map((item) => (
          <li key={item.id} className="mk-link" data-testid={rowTestId}>
            <div>{children(item)}</div>
            <div className="mk-actions">
              {toggle(item)}
              <Button size="sm" variant="secondary" onClick={() => onEdit(item)}>
                Editar
              </Button>
              <Button size="sm" variant="danger" onClick={() => onDelete(item)}>
                Excluir
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  )
}
