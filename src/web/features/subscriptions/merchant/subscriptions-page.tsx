import { useState } from 'react'
import { useParams, useSearchParams } from 'react-router-dom'
import { Button, ListTable, PageHeader, PageNav, Select, Td } from '../../../ui'
import { useSubscriptions } from '../api/subscriptions'
import { formatDate, planPriceLabel, STATUS_LABELS, type SubscriptionStatus } from '../model'
import { DunningSettings } from './dunning-settings'
import { StatusBadge } from './status-badge'
import { useStorePlans } from './store-plans'
import { SubscriptionDetailView } from './subscription-detail'
import { TestClockCard } from './test-clock'
import './subscriptions.css'

const PAGE = 20
const STATUSES = Object.keys(STATUS_LABELS) as SubscriptionStatus[]

/** 'Assinaturas': the store's subscriptions filtered by status and plan, page by page; ?id= opens one's detail. */
export default function SubscriptionsPage() {
  const { storeId = '' } = useParams()
  const [params, setParams] = useSearchParams()
  const openId = params.get('id')
  const [status, setStatus] = useState<SubscriptionStatus | ''>('')
  const [planId, setPlanId] = useState('')
  const [offset, setOffset] = useState(0)
  const list = useSubscriptions(storeId, { status, planId, offset, limit: PAGE })
  const plans = useStorePlans(storeId)
  const planOf = (id: string) => plans.find((p) => p.id === id)
  const total = list.data?.total ?? 0

  if (openId)
    return (
      <div className="stack">
        <PageHeader title="Assinatura" subtitle="Ciclos, tentativas de cobrança e e-mails" />
        <div>
          <Button variant="secondary" size="sm" onClick={() => setParams({})}>
            Voltar para a lista
          </Button>
        </div>
        <SubscriptionDetailView storeId={storeId} id={openId} planLabel={(id) => planOf(id)?.title} />
      </div>
    )

  return (
    <div className="stack">
      <PageHeader title="Assinaturas" subtitle="Planos recorrentes dos seus produtos digitais" />
      <TestClockCard storeId={storeId} />
      <div className="sub-filters">
        <Select
          label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as SubscriptionStatus | '')
            setOffset(0)
          }}
        >
          <option value="">Todos</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
        <Select
          label="Plano"
          value={planId}
          onChange={(e) => {
            setPlanId(e.target.value)
            setOffset(0)
          }}
        >
          <option value="">Todos</option>
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </Select>
      </div>
      <ListTable
        cards
        aria-label="Assinaturas"
        columns={['Cliente', 'Plano', 'Status', 'Acesso até', '']}
        status={list}
        rows={list.data?.items}
        loading="Carregando assinaturas..."
        failed="Não foi possível carregar as assinaturas."
        empty="Nenhuma assinatura encontrada."
      >
        {(s) => {
          const plan = planOf(s.planId)
          return (
            <tr key={s.id}>
              <Td label="Cliente">{s.customerEmail}</Td>
              <Td label="Plano">{plan ? `${plan.title} (${planPriceLabel(plan)})` : s.planName}</Td>
              <Td label="Status">
                <StatusBadge status={s.status} />
              </Td>
              <Td label="Acesso até">{formatDate(s.accessUntil)}</Td>
              <Td>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setParams({ id: s.id })}
                  aria-label={`Ver assinatura de ${s.customerEmail}`}
                >
                  Ver
                </Button>
              </Td>
            </tr>
          )
        }}
      </ListTable>
      {total > PAGE && (
        <PageNav
          className="sub-pager"
          hasPrevious={offset > 0}
          hasNext={offset + PAGE < total}
          busy={list.isFetching}
          onPrevious={() => setOffset(Math.max(0, offset - PAGE))}
          onNext={() => setOffset(offset + PAGE)}
        >
          <span className="muted">
            {offset + 1}–{Math.min(offset + PAGE, total)} de {total}
          </span>
        </PageNav>
      )}
      <DunningSettings storeId={storeId} />
    </div>
  )
}
