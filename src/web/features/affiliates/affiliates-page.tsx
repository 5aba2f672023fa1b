import { useState } from 'react'
import { useParams } from 'react-router-dom'
import { AFFILIATION_STATUS_LABELS, type AffiliationStatus, COMMISSION_STATUS_LABELS } from '../../../shared/affiliates'
import { formatCents } from '../../../shared/money'
import { toast } from '../../lib/toast'
import {
  Alert,
  Badge,
  type BadgeTone,
  Button,
  Card,
  Loading,
  PageHeader,
  Select,
  Table,
  TableMessage,
  Td,
  Th,
} from '../../ui'
import {
  useProgram,
  useSetAffiliationStatus,
  useStoreAffiliations,
  useStoreProducts,
  useStoreSales,
} from './api/affiliates'
import { CoproducersCard } from './components/coproducers-card'
import { ProgramForm } from './components/program-form'
import './affiliates.css'

export const AFFILIATION_TONES: Record<AffiliationStatus, BadgeTone> = {
  PENDING: 'warning',
  ACTIVE: 'success',
  REFUSED: 'neutral',
  BLOCKED: 'danger',
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' })

function ProgramSection({ storeId }: { storeId: string }) {
  const products = useStoreProducts(storeId)
  const [productId, setProductId] = useState('')
  const chosen = productId || products.data?.[0]?.id || ''
  const program = useProgram(storeId, chosen)
  if (products.isLoading) return <Loading message="Carregando..." />
  if (!products.data?.length) return <Alert tone="info">Cadastre um produto para abrir um programa de afiliados.</Alert>
  return (
    <>
      <Card>
        <Select
          label="Produto"
          value={chosen}
          options={products.data.map((p) => ({ value: p.id, label: p.name }))}
          onChange={(e) => setProductId(e.currentTarget.value)}
        />
      </Card>
      {program.isLoading ? (
        <Loading message="Carregando..." />
      ) : (
        <ProgramForm key={chosen} storeId={storeId} productId={chosen} program={program.data ?? null} />
      )}
      <CoproducersCard storeId={storeId} productId={chosen} />
    </>
  )
}

function AffiliatesTable({ storeId }: { storeId: string }) {
  const list = useStoreAffiliations(storeId)
  const setStatus = useSetAffiliationStatus(storeId)
  async function change(id: string, status: 'ACTIVE' | 'REFUSED' | 'BLOCKED') {
    try {
      await setStatus.mutateAsync({ id, status })
      toast.success('Afiliação atualizada')
    } catch {
      toast.error('Não foi possível atualizar a afiliação')
    }
  }
  return (
    <Card title="Afiliados">
      <Table cards>
        <thead>
          <tr>
            <Th>Afiliado</Th>
            <Th>Produto</Th>
            <Th>Situação</Th>
            <Th>Cliques</Th>
            <Th>Vendas</Th>
            <Th>Comissões</Th>
            <Th />
          </tr>
        </thead>
        <tbody>
          {(list.data ?? []).length === 0 && <TableMessage colSpan={7}>Nenhum afiliado ainda</TableMessage>}
          {(list.data ?? []).map((a) => (
            <tr key={a.id} data-testid="affiliate-row">
              <Td label="Afiliado">
                <strong>{a.affiliateName}</strong>
                <div className="af-muted">{a.affiliateEmail}</div>
              </Td>
              <Td label="Produto">{a.productName}</Td>
              <Td label="Situação">
                <Badge tone={AFFILIATION_TONES[a.status]}>{AFFILIATION_STATUS_LABELS[a.status]}</Badge>
              </Td>
              <Td label="Cliques">{a.clicks}</Td>
              <Td label="Vendas">{a.sales}</Td>
              <Td label="Comissões">{formatCents(a.commissionCents)}</Td>
              <Td>
                <div className="af-actions">
                  {a.status !== 'ACTIVE' && (
                    <Button size="sm" onClick={() => change(a.id, 'ACTIVE')}>
                      Aprovar
                    </Button>
                  )}
                  {a.status === 'PENDING' && (
                    <Button size="sm" variant="secondary" onClick={() => change(a.id, 'REFUSED')}>
                      Recusar
                    </Button>
                  )}
                  {a.status === 'ACTIVE' && (
                    <Button size="sm" variant="danger" onClick={() => change(a.id, 'BLOCKED')}>
                      Bloquear
                    </Button>
                  )}
                </div>
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  )
}

function SalesTable({ storeId }: { storeId: string }) {
  const sales = useStoreSales(storeId)
  const names = new Map((useStoreAffiliations(storeId).data ?? []).map((a) => [a.id, a.affiliateName]))
  return (
    <Card title="Vendas de afiliados">
      <Table cards>
        <thead>
          <tr>
            <Th>Data</Th>
            <Th>Afiliado</Th>
            <Th>Comissão</Th>
            <Th>Produtor</Th>
            <Th>Estornado</Th>
            <Th>Situação</Th>
          </tr>
        </thead>
        <tbody>
          {(sales.data ?? []).length === 0 && <TableMessage colSpan={6}>Nenhuma venda de afiliado ainda</TableMessage>}
          {(sales.data ?? []).map((s) => (
            <tr key={s.orderId} data-testid="affiliate-sale-row">
              <Td label="Data">{when(s.createdAt)}</Td>
              <Td label="Afiliado">{(s.affiliationId && names.get(s.affiliationId)) || '—'}</Td>
              <Td label="Comissão">{formatCents(s.affiliateCents)}</Td>
              <Td label="Produtor">{formatCents(s.producerCents)}</Td>
              <Td label="Estornado">{formatCents(s.reversedCents)}</Td>
              <Td label="Situação">{COMMISSION_STATUS_LABELS[s.status]}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  )
}

/** /store/:storeId/afiliados: the product's program, the affiliates (approve, refuse, block) and their sales. */
export default function AffiliatesPage() {
  const { storeId = '' } = useParams()
  if (!storeId) return <Alert tone="danger">Nenhuma loja selecionada</Alert>
  return (
    <div className="af-page">
      <PageHeader
        title="Afiliados"
        subtitle="Abra seus produtos a afiliados: cada venda pelo link de um afiliado paga a comissão do programa, liberada depois do prazo de reembolso e estornada se o comprador for reembolsado."
      />
      <ProgramSection storeId={storeId} />
      <AffiliatesTable storeId={storeId} />
      <SalesTable storeId={storeId} />
    </div>
  )
}
