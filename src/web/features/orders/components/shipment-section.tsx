import { Fragment, useState } from 'react'
import { formatDateTime } from '../../../../shared/dates'
import {
  FULFILMENT_MESSAGES as MSG,
  SHIPMENT_STATUS_LABELS,
  type ShipmentStatus,
  shipmentInputSchema,
} from '../../../../shared/fulfilment'
import type { StoreOrder } from '../../../../shared/ordering'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Alert, Badge, Button, ConfirmDialog, Input } from '../../../ui'
import { openLabel, useCancelLabel, useCreateShipment, useMarkDelivered, useOrderShipment } from '../api/shipments'

const TONE: Record<ShipmentStatus, 'info' | 'success' | 'warning' | 'danger'> = {
  BUYING: 'warning',
  SHIPPED: 'info',
  DELIVERED: 'success',
  FAILED: 'danger',
}
const SHIPPABLE = new Set(['PAID', 'PROCESSING', 'SHIPPED', 'DELIVERED'])

/**
 * 'Envio' on a paid physical order: the shipment's badge, code and label; or 'Gerar etiqueta' (Melhor Envio, for
 * the carrier the buyer chose) and 'Informar código de rastreio' for any carrier; then 'Marcar como entregue'.
 */
export function ShipmentSection({ storeId, order }: { storeId: string; order: StoreOrder }) {
  const shown = order.productType === 'PHYSICAL' && SHIPPABLE.has(order.status)
  const query = useOrderShipment(storeId, order.id, shown)
  const create = useCreateShipment(storeId, order.id)
  const deliver = useMarkDelivered(storeId, order.id)
  const cancelLabel = useCancelLabel(storeId, order.id)
  const [typing, setTyping] = useState(false)
  const [confirmCancel, setConfirmCancel] = useState(false)
  const [carrier, setCarrier] = useState('')
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  if (!shown) return null

  const fail = (err: unknown, fallback: string) => {
    if (err instanceof ApiError && err.errors) setErrors(err.errors)
    toast.error((err instanceof ApiError && err.message) || fallback)
  }

  async function buyLabel() {
    try {
      await create.mutateAsync({ kind: 'LABEL' })
      toast.success(MSG.labelBought)
    } catch (err) {
      fail(err, 'Erro ao gerar etiqueta')
    }
  }

  async function saveCode() {
    const parsed = shipmentInputSchema.safeParse({ kind: 'MANUAL', carrier, trackingCode: code })
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])))
      return
    }
    setErrors({})
    try {
      await create.mutateAsync(parsed.data)
      toast.success(MSG.manualSaved)
      setTyping(false)
    } catch (err) {
      fail(err, 'Erro ao salvar código de rastreio')
    }
  }

  async function markDelivered() {
    try {
      await deliver.mutateAsync()
      toast.success(MSG.delivered)
    } catch (err) {
      fail(err, 'Erro ao marcar como entregue')
    }
  }

  async function cancel() {
    try {
      toast.success((await cancelLabel.mutateAsync(undefined)).message)
    } catch (err) {
      fail(err, 'Erro ao cancelar etiqueta')
    }
    setConfirmCancel(false)
  }

  const shipment = query.data?.shipment
  const done = shipment && shipment.status !== 'FAILED'
  return (
    <section data-testid="order-shipment">
      <h3>Envio</h3>
      {query.isPending ? (
        <p className="muted">Carregando envio...</p>
      ) : query.isError ? (
        <Alert tone="danger">
          {(query.error instanceof ApiError && query.error.message) || 'Erro ao carregar envio'}
        </Alert>
      ) : (
        <div className="stack">
          {shipment && (
            <dl className="order-dl">
              <dt>Status</dt>
              <dd>
                <Badge tone={TONE[shipment.status]}>{SHIPMENT_STATUS_LABELS[shipment.status]}</Badge>
              </dd>
              <dt>Transportadora</dt>
              <dd>{shipment.carrier}</dd>
              {shipment.trackingCode && (
                <>
                  <dt>Código de rastreio</dt>
                  <dd data-testid="tracking-code">
                    {shipment.trackingUrl ? (
                      <a href={shipment.trackingUrl} target="_blank" rel="noreferrer">
                        {shipment.trackingCode}
                      </a>
                    ) : (
                      shipment.trackingCode
                    )}
                  </dd>
                </>
              )}
              {shipment.shippedAt && (
                <>
                  <dt>Enviado em</dt>
                  <dd>{formatDateTime(shipment.shippedAt)}</dd>
                </>
              )}
              {shipment.deliveredAt && (
                <>
                  <dt>Entregue em</dt>
                  <dd>{formatDateTime(shipment.deliveredAt)}</dd>
                </>
              )}
            </dl>
          )}
          {shipment?.status === 'FAILED' && shipment.error && <Alert tone="danger">{shipment.error}</Alert>}
          {/* What happened besides shipped and delivered: a cancelled label, a purchase the sweeper finished. */}
          {(query.data?.history.length ?? 0) > 0 && (
            <div data-testid="shipment-history">
              <h4>Histórico do envio</h4>
              <dl className="order-dl">
                {query.data?.history.map((e) => (
                  <Fragment key={`${e.at}-${e.kind}`}>
                    <dt>{formatDateTime(e.at)}</dt>
                    <dd>{e.message}</dd>
                  </Fragment>
                ))}
              </dl>
            </div>
          )}
          <div className="row wrap">
            {shipment?.hasLabel && (
              <Button
                variant="secondary"
                onClick={() => void openLabel(storeId, order.id).catch((e) => fail(e, MSG.noLabel))}
              >
                Imprimir etiqueta
              </Button>
            )}
            {!done && query.data?.canBuyLabel && (
              <Button onClick={() => void buyLabel()} loading={create.isPending} loadingText="Gerando etiqueta...">
                Gerar etiqueta
              </Button>
            )}
            {!done && !typing && (
              <Button variant="secondary" onClick={() => setTyping(true)}>
                Informar código de rastreio
              </Button>
            )}
            {shipment?.status === 'SHIPPED' && (
              <Button variant="secondary" onClick={() => void markDelivered()} loading={deliver.isPending}>
                Marcar como entregue
              </Button>
            )}
            {shipment?.status === 'SHIPPED' && shipment.hasLabel && (
              <Button variant="secondary" onClick={() => setConfirmCancel(true)}>
                Cancelar etiqueta
              </Button>
            )}
          </div>
          {!done && typing && (
            <div className="stack">
              <Input
                label="Transportadora"
                placeholder="Ex.: Correios, Jadlog, Loggi"
                value={carrier}
                onChange={(e) => setCarrier(e.target.value)}
                error={errors.carrier}
              />
              <Input
                label="Código de rastreio"
                placeholder="Ex.: AA123456789BR"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                error={errors.trackingCode}
              />
              <div className="row">
                <Button variant="secondary" onClick={() => setTyping(false)}>
                  Cancelar
                </Button>
                <Button onClick={() => void saveCode()} loading={create.isPending} loadingText="Salvando...">
                  Salvar e marcar como enviado
                </Button>
              </div>
            </div>
          )}
        </div>
      )}
      {/* Melhor Envio charged the label: undoing it is confirmed, and only makes sense before it is posted. */}
      <ConfirmDialog
        open={confirmCancel}
        title="Cancelar etiqueta"
        message="Use só se a etiqueta foi gerada por engano e o pacote ainda não foi postado. O valor volta à sua carteira do Melhor Envio em até 12 horas e o pedido volta para Pago."
        confirmLabel="Cancelar etiqueta"
        cancelLabel="Voltar"
        loading={cancelLabel.isPending}
        onConfirm={() => void cancel()}
        onCancel={() => setConfirmCancel(false)}
      />
    </section>
  )
}
