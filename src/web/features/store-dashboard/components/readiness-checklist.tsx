import { queryOptions, useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { type ReadinessItem, readinessItems, type StoreReadiness } from '../../../../shared/readiness'
import { api } from '../../../lib/api'
import { Badge, Card } from '../../../ui'

// Same key as the products page's warning, so both read one cached answer; fresh on every visit because it changes
// on other pages (payments, shipping, products).
const readinessQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'readiness'],
    queryFn: () => api.get<StoreReadiness>(`/stores/${storeId}/readiness`),
    staleTime: 0,
    retry: 0,
  })

function ItemLine({ storeId, item }: { storeId: string; item: ReadinessItem }) {
  const state = item.ok ? 'ok' : item.optional ? 'optional' : 'missing'
  return (
    <li className={`readiness-item readiness-${state}`} data-readiness={item.id} data-ok={item.ok}>
      <span className="readiness-mark" aria-hidden>
        {item.ok ? '✓' : item.optional ? '○' : '!'}
      </span>
      <div className="readiness-text">
        <strong>
          {item.title}
          {item.optional && <span className="muted"> (opcional)</span>}
          <span className="sr-only">{item.ok ? ': feito' : ': pendente'}</span>
        </strong>
        <span className="muted">{item.detail}</span>
      </div>
      {!item.ok && (
        <Link className="btn btn-sm btn-secondary readiness-action" to={`/store/${storeId}/${item.section}`}>
          {item.action}
        </Link>
      )}
    </li>
  )
}

/** 'Sua loja está pronta para vender?': what a buyer needs before a purchase link works, each with its fix. */
export function ReadinessChecklist({ storeId }: { storeId: string }) {
  const readiness = useQuery({ ...readinessQuery(storeId), enabled: Boolean(storeId) })
  if (!readiness.data) return null
  const items = readinessItems(readiness.data)
  const required = items.filter((i) => !i.optional)
  const done = required.filter((i) => i.ok).length
  const ready = readiness.data.ready
  // A ready store keeps only the optional suggestions in view; the list stays one click away.
  const shown = ready ? items.filter((i) => !i.ok) : items
  return (
    <Card
      className={`readiness-card ${ready ? 'readiness-ready' : ''}`}
      aria-label="Prontidão da loja"
      data-testid="readiness-checklist"
      title={ready ? 'Sua loja está pronta para vender' : 'Antes de vender'}
      actions={
        <Badge tone={ready ? 'success' : 'warning'}>
          {done} de {required.length} {required.length === 1 ? 'item obrigatório' : 'itens obrigatórios'}
        </Badge>
      }
    >
      {!ready && (
        <p className="muted readiness-lead">
          Enquanto houver pendências, o comprador não consegue concluir a compra pelos links da loja.
        </p>
      )}
      {shown.length > 0 && (
        <ul className="readiness-list">
          {shown.map((item) => (
            <ItemLine key={item.id} storeId={storeId} item={item} />
          ))}
        </ul>
      )}
    </Card>
  )
}
