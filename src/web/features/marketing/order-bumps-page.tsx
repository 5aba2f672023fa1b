import { useQueryClient } from '@tanstack/react-query'
import { CircleCheck, Eye, Gift, TrendingUp } from 'lucide-react'
import { useState } from 'react'
import { useParams } from 'react-router-dom'
import {
  BUMP_DISCOUNT_LABELS,
  BUMP_MESSAGES,
  BUMP_POSITION_LABELS,
  BUMP_TEMPLATE_LABELS,
  type OrderBump,
} from '../../../shared/marketing'
import { formatBRL } from '../../../shared/money'
import { toast } from '../../lib/toast'
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  ListStates,
  PageHeader,
  RowActions,
  StatCard,
  Table,
  Td,
  Th,
} from '../../ui'
import { useBumpProducts, useBumpStats, useBumps, useDeleteBump } from './api/bumps'
import { BumpForm } from './components/bump-form'
import './marketing.css'

const pct = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
const int = new Intl.NumberFormat('pt-BR')

function discountText(b: OrderBump) {
  if (b.discountType === 'NONE' || b.discountValue == null) return BUMP_DISCOUNT_LABELS.NONE
  return b.discountType === 'PERCENTAGE' ? `${pct.format(b.discountValue)}%` : formatBRL(b.discountValue)
}

/** /store/:storeId/order-bumps (spec 002 §2.2): stats, the bumps with their performance, the form in place. */
export default function OrderBumpsPage() {
  const { storeId = '' } = useParams()
  const bumps = useBumps(storeId)
  const stats = useBumpStats(storeId)
  const products = useBumpProducts(storeId)
  const remove = useDeleteBump(storeId)
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<OrderBump | 'new' | null>(null)
  const [deleting, setDeleting] = useState<OrderBump | null>(null)

  if (!storeId) return <Alert tone="danger">Nenhuma loja selecionada</Alert>
  if (editing)
    return (
      <div className="mk-page">
        <BumpForm
          storeId={storeId}
          bump={editing === 'new' ? undefined : editing}
          products={products.data ?? []}
          onDone={() => setEditing(null)}
        />
      </div>
    )

  // On a stats failure the cards show zeros (spec 002 §7).
  const s = stats.data ?? { totalBumps: 0, activeBumps: 0, totalDisplays: 0, conversionRate: 0, totalConversions: 0 }
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'order-bumps'] })
  return (
    <div className="mk-page">
      <PageHeader
        title="Order Bumps"
        subtitle="Ofertas adicionais exibidas durante o checkout, com desconto especial."
        actions={
          <>
            <Button variant="secondary" onClick={refresh}>
              Atualizar
            </Button>
            <Button onClick={() => setEditing('new')}>+ Novo Order Bump</Button>
          </>
        }
      />
      <div className="grid grid-4 mk-stats" data-testid="bump-stats">
        <StatCard label="Total de Bumps" icon={<Gift />} value={int.format(s.totalBumps)} />
        <StatCard label="Bumps Ativos" icon={<CircleCheck />} value={int.format(s.activeBumps)} />
        <StatCard label="Total de Exibições" icon={<Eye />} value={int.format(s.totalDisplays)} />
        <StatCard
          label="Taxa de Conversão"
          icon={<TrendingUp />}
          value={`${pct.format(s.conversionRate)}%`}
          hint={`${int.format(s.totalConversions)} pedidos com bump`}
        />
      </div>
      <ListStates
        query={bumps}
        loading="Carregando order bumps..."
        failed={<Alert tone="danger">{BUMP_MESSAGES.loadFailed}</Alert>}
        empty={
          <EmptyState
            icon={<Gift />}
            title="Nenhum order bump criado"
            description="Ofereça um produto extra com desconto no checkout e aumente o valor de cada pedido."
            action={<Button onClick={() => setEditing('new')}>Criar Primeiro Order Bump</Button>}
          />
        }
      >
        {(items) => (
          <div className="mk-table-wrap">
            <Table aria-label="Order bumps" cards>
              <thead>
                <tr>
                  <Th>Order Bump</Th>
                  <Th>Produto</Th>
                  <Th>Desconto</Th>
                  <Th>Posição</Th>
                  <Th>Status</Th>
                  <Th>Performance</Th>
                  <Th>Ações</Th>
                </tr>
              </thead>
              <tbody>
                {items.map((b) => (
                  <tr key={b.id} data-testid="bump-row">
                    <Td label="Order Bump">
                      <strong>{b.title}</strong>
                      <div className="muted">{BUMP_TEMPLATE_LABELS[b.template]}</div>
                    </Td>
                    <Td label="Produto">
                      {b.product?.name ?? '—'}
                      <div className="muted">{b.product ? formatBRL(b.product.price) : ''}</div>
                    </Td>
                    <Td label="Desconto">{discountText(b)}</Td>
                    <Td label="Posição">{BUMP_POSITION_LABELS[b.position]}</Td>
                    <Td label="Status">
                      <Badge tone={b.active ? 'success' : 'neutral'}>{b.active ? 'Ativo' : 'Inativo'}</Badge>
                    </Td>
                    <Td label="Performance">
                      <div data-testid="bump-performance">
                        Exibições: {int.format(b.displayCount)}
                        <br />
                        Conversões: {int.format(b.conversionCount)}
                        <div className="muted">
                          Pagas: {int.format(b.paidConversionCount)} · {formatBRL(b.paidRevenue)}
                        </div>
                      </div>
                    </Td>
                    <Td label="Ações">
                      <RowActions
                        className="mk-actions"
                        name={b.title}
                        deleteLabel="Deletar"
                        onEdit={() => setEditing(b)}
                        onDelete={() => setDeleting(b)}
                      />
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </ListStates>
      <ConfirmDialog
        open={!!deleting}
        title="Deletar order bump"
        message={BUMP_MESSAGES.confirmDelete}
        confirmLabel="Deletar"
        danger
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return
          try {
            await remove.mutateAsync(deleting.id)
            toast.success(BUMP_MESSAGES.deleted)
          } catch {
            toast.error(BUMP_MESSAGES.deleteFailed)
          }
          setDeleting(null)
        }}
      />
    </div>
  )
}
