import { useState } from 'react'
import { formatDateTime } from '../../../../shared/dates'
import { formatBRL } from '../../../../shared/money'
import { SALE_STATUSES, type Sale, type SaleStatus } from '../../../../shared/sales'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Button, Modal } from '../../../ui'
import { useUpdateSaleStatus } from '../api/update-sale-status'
import { SaleStatusBadge } from './sale-status-badge'

/** Any label may be picked (spec 000 §4); the server refuses the changes that would break money or stock. */
function StatusEditor({ sale, onSaved }: { sale: Sale; onSaved: (sale: Sale) => void }) {
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState<SaleStatus>(sale.status)
  const [error, setError] = useState<string | null>(null)
  const mutation = useUpdateSaleStatus()
  const saving = mutation.isPending

  function cancel() {
    setDraft(sale.status)
    setError(null)
    setEditing(false)
  }

  async function save() {
    if (draft === sale.status) {
      cancel()
      return
    }
    setError(null)
    try {
      const updated = await mutation.mutateAsync({ id: sale.id, status: draft })
      onSaved(updated)
      setEditing(false)
      toast.success(`Venda ${updated.orderNumber}: status alterado para ${updated.statusLabel}.`)
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível atualizar o status.')
    }
  }

  if (!editing)
    return (
      <div className="sale-status-row">
        <SaleStatusBadge sale={sale} />
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            setDraft(sale.status)
            setEditing(true)
          }}
        >
          Editar
        </Button>
      </div>
    )

  return (
    <div>
      <div className="sale-status-row">
        <select
          className="control sale-status-select"
          aria-label="Status da venda"
          value={draft}
          disabled={saving}
          onChange={(e) => setDraft(e.target.value as SaleStatus)}
        >
          {SALE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <Button size="sm" onClick={save} disabled={saving}>
          {saving ? 'Salvando...' : 'Salvar'}
        </Button>
        <Button size="sm" variant="secondary" onClick={cancel} disabled={saving}>
          Cancelar
        </Button>
      </div>
      {error && (
        <p className="field-error sale-status-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

export function SaleDetailModal({
  sale,
  onClose,
  onSaved,
}: {
  sale: Sale | null
  onClose: () => void
  onSaved: (sale: Sale) => void
}) {
  if (!sale) return null
  return (
    <Modal open onClose={onClose} size="lg" title={`Venda ${sale.orderNumber}`}>
      <div className="sale-detail">
        <dl className="sale-dl">
          <dt>Status</dt>
          <dd>
            <StatusEditor key={sale.id} sale={sale} onSaved={onSaved} />
          </dd>
          <dt>Data</dt>
          <dd>{formatDateTime(sale.date)}</dd>
          <dt>Loja</dt>
          <dd>{sale.storeName}</dd>
          <dt>Cliente</dt>
          <dd>
            {sale.customerName}
            <span className="sales-block muted sales-small">{sale.customerEmail}</span>
          </dd>
          <dt>Pagamento</dt>
          <dd>{sale.paymentMethod}</dd>
        </dl>
        <section>
          <h3>Itens</h3>
          <ul className="sale-items">
            {sale.items.map((item) => (
              <li key={`${item.productId}-${item.name}`}>
                <span>
                  {item.quantity}x {item.name}
                </span>
                <span>{formatBRL(item.price)}</span>
              </li>
            ))}
          </ul>
          <p className="sale-total">
            Total <strong>{formatBRL(sale.totalAmount)}</strong>
          </p>
        </section>
      </div>
    </Modal>
  )
}
