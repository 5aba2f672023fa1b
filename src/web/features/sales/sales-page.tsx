import { useState } from 'react'
import { SALES_MSG, SALES_PAGE_SIZE, type Sale } from '../../../shared/sales'
import { ApiError } from '../../lib/api'
import { Alert, Card, Loading, PageHeader, PageNav } from '../../ui'
import { type SalesFilters, useSales } from './api/get-sales'
import { SaleDetailModal } from './components/sale-detail-modal'
import { SalesFiltersPanel } from './components/sales-filters'
import { SalesTable } from './components/sales-table'
import './sales.css'

/**
 * The server's reason, or the spec's text when it gave none: a bare 5xx says nothing the merchant can use, while our
 * busy answer (503 with its code) and a network failure (status 0) read as their own.
 */
function loadError(error: Error): string {
  if (!(error instanceof ApiError)) return error.message || SALES_MSG.loadFailed
  const said = error.status < 500 || (error.status === 503 && error.code !== undefined)
  return said && error.message ? error.message : SALES_MSG.loadFailed
}

/** 'Vendas' (spec 000 §2): the sales of all the merchant's stores, filtered and paginated by the server. */
export default function SalesPage() {
  const [filters, setFilters] = useState<SalesFilters>({})
  const [page, setPage] = useState(1)
  const [open, setOpen] = useState<Sale | null>(null)
  const query = useSales({ ...filters, page, limit: SALES_PAGE_SIZE })
  const data = query.data
  const totalPages = data?.totalPages ?? 0

  return (
    <div className="stack sales-page">
      <PageHeader title="Vendas" subtitle="Todas as vendas das suas lojas" />
      <Card>
        <SalesFiltersPanel
          onApply={(next) => {
            setFilters(next)
            setPage(1)
          }}
        />
      </Card>
      <Card>
        {query.isError ? (
          <Alert tone="danger">{loadError(query.error)}</Alert>
        ) : query.isPending ? (
          <Loading message="Carregando vendas..." />
        ) : (
          <>
            <SalesTable sales={data?.sales ?? []} onView={setOpen} />
            {totalPages > 0 && (
              <PageNav
                className="sales-pagination"
                hasPrevious={page > 1}
                hasNext={page < totalPages}
                busy={query.isFetching}
                onPrevious={() => setPage((p) => p - 1)}
                onNext={() => setPage((p) => p + 1)}
              >
                <span>
                  Página {page} de {totalPages}
                </span>
              </PageNav>
            )}
          </>
        )}
      </Card>
      <SaleDetailModal sale={open} onClose={() => setOpen(null)} onSaved={setOpen} />
    </div>
  )
}
