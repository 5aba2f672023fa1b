import { useEffect, useMemo, useState } from 'react'
import { useParams } from 'react-router-dom'
import { formatBRL } from '../../../shared/money'
import type { StoreOrder } from '../../../shared/ordering'
import { toast } from '../../lib/toast'
import { Button, Card, EmptyState, Loading, PageHeader, StatCard } from '../../ui'
import { useOrders } from './api/get-orders'
import { OrderDetailModal } from './components/order-detail-modal'
import { OrderFiltersBar } from './components/order-filters'
import { OrdersTable } from './components/orders-table'
import { downloadCsv, filterOrders, hasFilters, NO_FILTERS, type OrderFilters, ordersToCsv, summarize } from './model'
import './orders.css'

const EMPTY: StoreOrder[] = []

/** 'Pedidos' (spec 000 §2): read-only list of the store's orders with filters, details, print and CSV export. */
export default function OrdersPage() {
  const { storeId } = useParams()
  const query = useOrders(storeId)
  const [filters, setFilters] = useState<OrderFilters>(NO_FILTERS)
  const [open, setOpen] = useState<StoreOrder | null>(null)
  const all = query.isError ? EMPTY : (query.data ?? EMPTY)
  const shown = useMemo(() => filterOrders(all, filters), [all, filters])
  const summary = summarize(shown)

  useEffect(() => {
    if (query.isError) toast.error('Erro ao carregar pedidos')
  }, [query.isError])

  function exportCsv() {
    const day = new Date().toISOString().slice(0, 10)
    downloadCsv(`pedidos-${day}.csv`, ordersToCsv(shown))
    toast.success(`${shown.length} pedido(s) exportado(s).`)
  }

  return (
    <div className="stack orders-page">
      <PageHeader
        title="Pedidos"
        subtitle="Acompanhe os pedidos da sua loja"
        actions={
          <Button variant="secondary" onClick={exportCsv} disabled={shown.length === 0}>
            Exportar
          </Button>
        }
      />
      <div className="grid orders-summary">
        <StatCard label="Total de pedidos" value={summary.total} icon="🧾" />
        <StatCard label="Receita (pagos)" value={formatBRL(summary.paidRevenue)} icon="💰" />
        <StatCard label="Pendentes" value={summary.pending} icon="⏳" />
        <StatCard label="Processando" value={summary.processing} icon="⚙️" />
      </div>
      <Card>
        <OrderFiltersBar value={filters} onChange={setFilters} />
      </Card>
      <Card>
        {query.isPending && storeId ? (
          <Loading message="Carregando pedidos..." />
        ) : shown.length === 0 ? (
          <EmptyState
            icon="🧾"
            title="Nenhum pedido encontrado"
            description={
              hasFilters(filters) ? 'Tente ajustar os filtros de busca.' : 'Aguarde os primeiros pedidos chegarem!'
            }
          />
        ) : (
          <OrdersTable orders={shown} onView={setOpen} />
        )}
      </Card>
      <OrderDetailModal order={open} onClose={() => setOpen(null)} />
    </div>
  )
}
