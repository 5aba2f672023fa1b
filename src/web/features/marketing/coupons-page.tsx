import { useState } from 'react'
import { useParams } from 'react-router-dom'
import type { CouponDto } from '../../../shared/coupons'
import { formatBRL } from '../../../shared/money'
import { ApiError } from '../../lib/api'
import { toast } from '../../lib/toast'
import { Alert, Badge, Button, ConfirmDialog, EmptyState, ListStates, PageHeader } from '../../ui'
import { useBumpProducts } from './api/bumps'
import { useCoupons, useDeleteCoupon, useSetCouponActive } from './api/coupons'
import { CouponForm } from './components/coupon-form'
import { OfferList } from './components/offer-list'
import './marketing.css'

const int = new Intl.NumberFormat('pt-BR')
const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('pt-BR') : null)

function discountText(c: CouponDto) {
  return c.discountType === 'PERCENTAGE'
    ? `${c.discountValue.toLocaleString('pt-BR')}% OFF`
    : `${formatBRL(c.discountValue)} OFF`
}

function periodText(c: CouponDto) {
  const from = date(c.startsAt)
  const to = date(c.endsAt)
  if (from && to) return `De ${from} a ${to}`
  if (from) return `A partir de ${from}`
  if (to) return `Até ${to}`
  return 'Sem prazo'
}

/** /store/:storeId/coupons: the store's coupons, their rules and what each brought in (uses, revenue, discount). */
export default function CouponsPage() {
  const { storeId = '' } = useParams()
  const list = useCoupons(storeId)
  const products = useBumpProducts(storeId)
  const setActive = useSetCouponActive(storeId)
  const remove = useDeleteCoupon(storeId)
  const [editing, setEditing] = useState<CouponDto | 'new' | null>(null)
  const [deleting, setDeleting] = useState<CouponDto | null>(null)

  if (!storeId) return <Alert tone="danger">Nenhuma loja selecionada</Alert>
  if (editing)
    return (
      <div className="mk-page">
        <CouponForm
          storeId={storeId}
          coupon={editing === 'new' ? undefined : editing}
          products={products.data ?? []}
          onDone={() => setEditing(null)}
        />
      </div>
    )

  async function toggle(c: CouponDto) {
    try {
      await setActive.mutateAsync({ id: c.id, active: !c.active })
      toast.success(c.active ? 'Cupom pausado' : 'Cupom reativado')
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Erro ao salvar o cupom')
    }
  }

  async function confirmDelete() {
    if (!deleting) return
    try {
      await remove.mutateAsync(deleting.id)
      toast.success('Cupom excluído')
    } catch {
      toast.error('Erro ao excluir o cupom')
    }
    setDeleting(null)
  }

  const names = new Map((products.data ?? []).map((p) => [p.id, p.name]))
  return (
    <div className="mk-page">
      <PageHeader
        title="Cupons"
        subtitle="Códigos de desconto para campanhas: divulgue o link do checkout com ?cupom=CODIGO."
        actions={<Button onClick={() => setEditing('new')}>+ Novo Cupom</Button>}
      />
      <ListStates
        query={list}
        loading="Carregando cupons..."
        failed={<Alert tone="danger">Erro ao carregar cupons</Alert>}
        empty={
          <EmptyState
            icon="%"
            title="Nenhum cupom criado"
            description="Crie um cupom de porcentagem ou de valor fixo para as suas campanhas."
            action={<Button onClick={() => setEditing('new')}>Criar Cupom</Button>}
          />
        }
      >
        {(coupons) => (
          <OfferList
            title="Cupons da loja"
            items={coupons}
            rowTestId="coupon-row"
            onEdit={setEditing}
            onDelete={setDeleting}
            toggle={(c) => (
              <Button size="sm" variant="secondary" onClick={() => toggle(c)} loading={setActive.isPending}>
                {c.active ? 'Pausar' : 'Reativar'}
              </Button>
            )}
          >
            {(c) => (
              <>
                <strong className="mk-code">{c.code}</strong> <Badge tone="info">{discountText(c)}</Badge>{' '}
                <Badge tone={c.active ? 'success' : 'neutral'}>{c.active ? 'Ativo' : 'Pausado'}</Badge>
                <div className="muted">
                  {periodText(c)}
                  {c.minOrderValue ? ` · Mínimo ${formatBRL(c.minOrderValue)}` : ''}
                  {' · '}
                  {c.productIds.length === 0
                    ? 'Todos os produtos'
                    : c.productIds.map((id) => names.get(id) ?? 'Produto').join(', ')}
                  {c.appliesToBumps ? ' · inclui order bumps' : ''}
                </div>
                <div className="muted" data-testid="coupon-usage">
                  Usos: {int.format(c.uses)}
                  {c.maxUses ? ` de ${int.format(c.maxUses)}` : ''} · Pagos: {int.format(c.paidCount)} · Receita:{' '}
                  {formatBRL(c.revenue)} · Descontos: {formatBRL(c.discountGiven)}
                </div>
              </>
            )}
          </OfferList>
        )}
      </ListStates>
      <ConfirmDialog
        open={!!deleting}
        title="Excluir cupom"
        message="O código deixa de valer no checkout. Os pedidos que já o usaram continuam com o desconto."
        confirmLabel="Excluir"
        danger
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  )
}
