import { useState } from 'react'
import { formatDateTime } from '../../../../shared/dates'
import { formatBRL } from '../../../../shared/money'
import type { StoreOrder } from '../../../../shared/ordering'
import { REFUND_STATUS_LABELS, refundInputSchema } from '../../../../shared/refunds'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Alert, Badge, Button, ConfirmDialog, Input, Select, Textarea } from '../../../ui'
import { useOrderRefunds, useRefundOrder } from '../api/refunds'

const TONE = { PENDING: 'warning', SUCCEEDED: 'success', FAILED: 'danger' } as const
const REFUNDABLE = new Set(['PAID', 'PROCESSING', 'SHIPPED', 'DELIVERED'])
const paidFor = (line: StoreOrder['items'][number]) => line.paid ?? line.price

/**
 * The order's refunds and 'Reembolsar': the whole amount left by default, or an amount, or one line, with a reason
 * and a confirmation. A refusal shows the gateway's own message.
 */
export function RefundSection({
  storeId,
  order,
  onRefunded,
}: {
  storeId: string
  order: StoreOrder
  onRefunded: (whole: boolean) => void
}) {
  const list = useOrderRefunds(storeId, order.id)
  const refund = useRefundOrder(storeId, order.id)
  const [open, setOpen] = useState(false)
  const [amount, setAmount] = useState('')
  const [itemId, setItemId] = useState('')
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [gatewayError, setGatewayError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const refundable = list.data?.refundable ?? 0
  const lines = order.items.filter((i) => i.id && !i.refunded)
  const chosenLine = lines.find((l) => l.id === itemId)
  // A line gives back what the buyer paid for it (its share of coupon and discount off), as the server does.
  const lineDefault = Math.min(chosenLine ? paidFor(chosenLine) : refundable, refundable)
  const shownAmount = amount || lineDefault.toFixed(2).replace('.', ',')

  function review() {
    const parsed = refundInputSchema.safeParse({ amount, itemId, reason })
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])))
      return
    }
    setErrors({})
    setConfirming(true)
  }

  async function confirm() {
    setGatewayError(null)
    try {
      await refund.mutateAsync({ amount: amount || undefined, itemId: itemId || undefined, reason })
      const after = await list.refetch()
      const whole = (after.data?.refundable ?? 0) === 0
      toast.success(whole ? 'Pedido reembolsado' : 'Reembolso parcial feito')
      setOpen(false)
      setAmount('')
      setItemId('')
      setReason('')
      onRefunded(whole)
    } catch (err) {
      if (err instanceof ApiError && err.errors) setErrors(err.errors)
      setGatewayError(err instanceof ApiError ? err.message : 'Erro ao reembolsar')
    } finally {
      setConfirming(false)
    }
  }

  const canRefund = REFUNDABLE.has(order.status) && refundable > 0
  return (
    <section data-testid="order-refunds">
      <h3>Reembolsos</h3>
      {list.data && list.data.refunds.length === 0 && <p className="muted">Nenhum reembolso neste pedido.</p>}
      {list.data && list.data.refunds.length > 0 && (
        <ul className="order-refunds">
          {list.data.refunds.map((r) => (
            <li key={r.id} data-testid="order-refund">
              <span>{formatDateTime(r.createdAt)}</span> <strong>{formatBRL(r.amount)}</strong>
              {r.itemName ? ` · ${r.itemName}` : ''} · {r.reason}{' '}
              <Badge tone={TONE[r.status]}>{REFUND_STATUS_LABELS[r.status]}</Badge>
              {r.error && <div className="muted">{r.error}</div>}
            </li>
          ))}
        </ul>
      )}
      {list.data && list.data.refunded > 0 && (
        <p className="muted">
          Reembolsado: {formatBRL(list.data.refunded)} · disponível: {formatBRL(refundable)}
        </p>
      )}
      {gatewayError && (
        <Alert tone="danger">
          <span data-testid="refund-error">{gatewayError}</span>
        </Alert>
      )}
      {canRefund && !open && (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Reembolsar
        </Button>
      )}
      {canRefund && open && (
        <div className="refund-form">
          {lines.length > 1 && (
            <Select
              label="O que reembolsar"
              value={itemId}
              onChange={(e) => setItemId(e.target.value)}
              error={errors.itemId}
            >
              <option value="">Pedido inteiro (ou um valor)</option>
              {lines.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.quantity}x {l.product.name} · pago {formatBRL(paidFor(l))}
                </option>
              ))}
            </Select>
          )}
          <Input
            label="Valor (R$)"
            inputMode="decimal"
            placeholder={shownAmount}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            hint={`Em branco: ${formatBRL(lineDefault)}`}
            error={errors.amount}
          />
          <Textarea
            label="Motivo"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={errors.reason}
            rows={2}
          />
          <div className="refund-actions">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button variant="danger" onClick={review}>
              Revisar reembolso
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Confirmar reembolso"
        message={`Devolver ${formatBRL(Number(shownAmount.replace(/\./g, '').replace(',', '.')))} ao comprador pelo gateway? Esta ação não pode ser desfeita.`}
        confirmLabel="Confirmar reembolso"
        loading={refund.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </section>
  )
}
