import { Cog, Hourglass, Receipt, Wallet } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useParams } from 'react-router-dom'
import { formatBRL } from '../../../shared/money'
import { ORDERS_PAGE_SIZE } from '../../../shared/orders-list'
import { toast } from '../../lib/toast'
import { Button, Card, cx, EmptyState, Loading, PageHeader, PageNav, StatCard } from '../../ui'
import { exportOrders } from './api/export-orders'
import { type ListedOrder, useOrders } from './api/get-orders'
import { useOrdersSummary } from './api/get-orders-summary'
import { OrderDetailModal } from './components/order-detail-modal'
import { OrderFiltersBar } from './components/order-filters'
import { OrdersTable } from './components/orders-table'
import {
  activeFilterCount,
  afterOf,
  FIRST_PAGE,
  hasFilters,
  NO_FILTERS,
  nextPage,
  type OrderFilters,
  type OrdersScope,
  type Pager,
  previousPage,
  totalPages,
} from './model'
import './orders.css'

const EMPTY: ListedOrder[] = []

/**
 * 'Pedidos' (spec 000 §2): the store's orders a page at a time, filtered by the server, with summary cards for the
 * same filters, details, print and a CSV export of every matching order.
 */
export default function OrdersPage() {
  const { storeId } = useParams()
  return <OrdersScreen scope={storeId ? { storeId } : undefined} />
}

/** The orders list of a store or, for the admin, of the whole platform (each row then names its store). */
export function OrdersScreen({ scope }: { scope: OrdersScope | undefined }) {
  const platform = scope === 'platform'
  const storeId = scope && scope !== 'platform' ? scope.storeId : undefined
  const [draft, setDraft] = useState<OrderFilters>(NO_FILTERS)
  const [filters, setFilters] = useState<OrderFilters>(NO_FILTERS)
  const [pager, setPager] = useState<Pager>(FIRST_PAGE)
  const [open, setOpen] = useState<ListedOrder | null>(null)
  const [exporting, setExporting] = useState(false)
  const [showMore, setShowMore] = useState(false)
  const extraId = useId()
  const activeFilters = activeFilterCount(filters)

  // Typing in the search box asks the server once the typing pauses; the selects apply at once.
  useEffect(() => {
    const apply = () => {
      setFilters(draft)
      setPager(FIRST_PAGE)
    }
    if (draft.search === filters.search) {
      if (draft !== filters) apply()
      return
    }
    const timer = setTimeout(apply, 350)
    return () => clearTimeout(timer)
  }, [draft, filters])

  const query = useOrders(scope, { filters, limit: ORDERS_PAGE_SIZE, after: afterOf(pager) })
  const summaryQuery = useOrdersSummary(scope, filters)
  const orders = query.isError ? EMPTY : (query.data ?? EMPTY)
  const summary = summaryQuery.data
  const pages = totalPages(summary?.total ?? 0, ORDERS_PAGE_SIZE)
  const hasNext = orders.length === ORDERS_PAGE_SIZE && pager.page < pages

  useEffect(() => {
    if (query.isError || summaryQuery.isError) toast.error('Erro ao carregar pedidos')
  }, [query.isError, summaryQuery.isError])

  async function exportCsv() {
    if (!storeId) return
    setExporting(true)
    try {
      await exportOrders(storeId, filters)
      toast.success(`${summary?.total ?? 0} pedido(s) exportado(s).`)
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Erro ao exportar pedidos')
    } finally {
      setExporting(false)
    }
  }

  return (
    <div className="stack orders-page">
      <PageHeader
        title={platform ? 'Pedidos da Plataforma' : 'Pedidos'}
        subtitle={platform ? 'Os pedidos de todas as lojas' : 'Acompanhe os pedidos da sua loja'}
        actions={
          storeId && (
            <Button variant="secondary" onClick={exportCsv} disabled={!summary?.total || exporting}>
              {exporting ? 'Exportando...' : 'Exportar'}
            </Button>
          )
        }
      />
      {/* On a phone the cards and filters fold behind one line, so the first order shows without scrolling. */}
      <div className="orders-phone-bar">
        <span className="orders-phone-summary">
          {(summary?.total ?? 0).toLocaleString('pt-BR')} pedido(s) · {formatBRL(summary?.paidRevenue ?? 0)} pagos
        </span>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={showMore}
          aria-controls={extraId}
          onClick={() => setShowMore((v) => !v)}
        >
          Filtros{activeFilters > 0 ? ` (${activeFilters})` : ''}
        </Button>
      </div>
      <div id={extraId} className={cx('orders-extra', showMore && 'orders-extra-open')}>
        <div className="grid orders-summary">
          <StatCard label="Total de pedidos" value={(summary?.total ?? 0).toLocaleString('pt-BR')} icon={<Receipt />} />
          <StatCard label="Receita (pagos)" value={formatBRL(summary?.paidRevenue ?? 0)} icon={<Wallet />} />
          <StatCard label="Pendentes" value={(summary?.pending ?? 0).toLocaleString('pt-BR')} icon={<Hourglass />} />
          <StatCard label="Processando" value={(summary?.processing ?? 0).toLocaleString('pt-BR')} icon={<Cog />} />
        </div>
        <Card>
          <OrderFiltersBar value={draft} onChange={setDraft} />
        </Card>
      </div>
      <Card>
        {query.isPending && scope ? (
          <Loading message="Carregando pedidos..." />
        ) : orders.length === 0 ? (
          <EmptyState
            icon={<Receipt />}
            title="Nenhum pedido encontrado"
            description={
              hasFilters(filters) ? 'Tente ajustar os filtros de busca.' : 'Aguarde os primeiros pedidos chegarem!'
            }
          />
        ) : (
          <>
            <OrdersTable orders={orders} onView={setOpen} showStore={platform} />
            <PageNav
              className="orders-pagination"
              hasPrevious={pager.page > 1}
              hasNext={hasNext}
              busy={query.isFetching}
              onPrevious={() => setPager(previousPage)}
              onNext={() => setPager((p) => nextPage(p, orders[orders.length - 1].id))}
            >
              <span>
                Página {pager.page.toLocaleString('pt-BR')} de {pages.toLocaleString('pt-BR')}
              </span>
            </PageNav>
          </>
        )}
      </Card>
      <OrderDetailModal order={open} storeId={storeId ?? ''} onClose={() => setOpen(null)} />
    </div>
  )
}
