import { Button, type ButtonVariant } from './button'

/** A table row's 'Editar' and 'Excluir' buttons, named after the row for screen readers ('Editar Camiseta'). */
export function RowActions({
  name,
  onEdit,
  onDelete,
  deleteLabel = 'Excluir',
  editVariant = 'secondary',
  deleting,
  className,
}: {
  name: string
  onEdit: () => void
  onDelete: () => void
  deleteLabel?: string
  editVariant?: ButtonVariant
  deleting?: boolean
  className?: string
}) {
  return (
    <div className={className}>
      <Button size="sm" variant={editVariant} onClick={onEdit} aria-label={`Editar ${name}`}>
        Editar
      </Button>
      <Button size="sm" variant="danger" loading={deleting} onClick={onDelete} aria-label={`${deleteLabel} ${name}`}>
        {deleteLabel}
      </Button>
    </div>
  )
}
