import { useSearchParams } from 'react-router-dom'
import {
  AFFILIATION_STATUS_LABELS,
  type AffiliationStatus,
  bpsLabel,
  COMMISSION_STATUS_LABELS,
} from '../../../shared/affiliates'
import { formatCents } from '../../../shared/money'
import { ApiError } from '../../lib/api'
import { copyText } from '../../lib/clipboard'
import { toast } from '../../lib/toast'
import {
  Alert,
  Badge,
  type BadgeTone,
  Button,
  Card,
  Loading,
  PageHeader,
  StatCard,
  Table,
  TableMessage,
  Td,
  Th,
} from '../../ui'
import {
  useAcceptCoproduction,
  useMarketplace,
  useMyAffiliations,
  useMyBalance,
  useMyCommissions,
  useMyCoproductions,
  useRequestAffiliation,
} from './api/affiliates'
import { PayoutCard } from './components/payout-form'
import { WalletCard } from './components/wallet-form'
import './affiliates.css'

const TONES: Record<AffiliationStatus, BadgeTone> = {
  PENDING: 'warning',
  ACTIVE: 'success',
  REFUSED: 'neutral',
  BLOCKED: 'danger',
}
const day = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })

function BalanceCards() {
  const balance = useMyBalance()
  if (!balance.data) return <Loading message="Carregando..." />
  return (
    <div className="af-figures" data-testid="affiliate-balance">
      <StatCard
        label="Pendente"
        value={formatCents(balance.data.pendingCents)}
        hint="Aguardando o prazo de reembolso"
      />
      <StatCard label="Disponível" value={formatCents(balance.data.availableCents)} />
      <StatCard label="Sacado" value={formatCents(balance.data.paidCents)} />
    </div>
  )
}

/** Invitations to co-produce a product: accepted here, then its sales share shows in the commissions. */
function Coproductions() {
  const list = useMyCoproductions()
  const accept = useAcceptCoproduction()
  // The invitation e-mail's link names the invitation: shown here when it is this account's, explained when not.
  const [params] = useSearchParams()
  const invited = params.get('coproducao')
  const mine = Boolean(invited && list.data?.some((c) => c.id === invited))
  if (invited && list.isSuccess && !mine)
    return (
      <Alert tone="warning">
        Este convite de coprodução não está nesta conta: entre com a conta do e-mail convidado para aceitá-lo.
      </Alert>
    )
  if (!list.data?.length) return null
  return (
    <Card title="Coproduções">
      <Table cards>
        <thead>
          <tr>
            <Th>Participação</Th>
            <Th>Situação</Th>
            <Th />
          </tr>
        </thead>
        <tbody>
          {list.data.map((c) => (
            <tr key={c.id} data-testid="coproduction-row" aria-current={c.id === invited ? 'true' : undefined}>
              <Td label="Participação">{bpsLabel(c.shareBps)}</Td>
              <Td label="Situação">{c.status === 'ACTIVE' ? 'Ativa' : 'Convite pendente'}</Td>
              <Td>
                {c.status === 'INVITED' && (
                  <Button
                    size="sm"
                    onClick={() =>
                      accept.mutateAsync(c.id).then(
                        (r) => toast.success(r.message),
                        () => toast.error('Não foi possível aceitar'),
                      )
                    }
                  >
                    Aceitar
                  </Button>
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  )
}

function Payouts() {
  const balance = useMyBalance()
  return (
    <>
      <PayoutCard availableCents={balance.data?.availableCents ?? 0} />
      <WalletCard />
    </>
  )
}

function Links() {
  const mine = useMyAffiliations()
  const origin = window.location.origin
  return (
    <Card title="Meus links">
      <Table cards>
        <thead>
          <tr>
            <Th>Produto</Th>
            <Th>Comissão</Th>
            <Th>Situação</Th>
            <Th>Cliques</Th>
            <Th>Link</Th>
          </tr>
        </thead>
        <tbody>
          {(mine.data ?? []).length === 0 && (
            <TableMessage colSpan={5}>Você ainda não se afiliou a nenhum produto</TableMessage>
          )}
          {(mine.data ?? []).map((a) => (
            <tr key={a.id} data-testid="my-affiliation-row">
              <Td label="Produto">{a.productName}</Td>
              <Td label="Comissão">{bpsLabel(a.commissionBps)}</Td>
              <Td label="Situação">
                <Badge tone={TONES[a.status]}>{AFFILIATION_STATUS_LABELS[a.status]}</Badge>
              </Td>
              <Td label="Cliques">{a.clicks}</Td>
              <Td label="Link">
                {a.link ? (
                  <span className="af-link">
                    <code data-testid="affiliate-link">{`${origin}${a.link}`}</code>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() =>
                        copyText(`${origin}${a.link}`).then(
                          () => toast.success('Link copiado'),
                          () => toast.error('Não foi possível copiar'),
                        )
                      }
                    >
                      Copiar
                    </Button>
                  </span>
                ) : (
                  <span className="af-muted">Disponível após a aprovação</span>
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  )
}

function Marketplace() {
  const items = useMarketplace()
  const mine = new Set((useMyAffiliations().data ?? []).map((a) => a.productId))
  const request = useRequestAffiliation()
  async function ask(productId: string) {
    try {
      const res = await request.mutateAsync(productId)
      toast.success(res.message)
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Não foi possível pedir a afiliação')
    }
  }
  return (
    <Card title="Produtos para promover">
      <Table cards>
        <thead>
          <tr>
            <Th>Produto</Th>
            <Th>Preço</Th>
            <Th>Comissão</Th>
            <Th>Cookie</Th>
            <Th />
          </tr>
        </thead>
        <tbody>
          {(items.data ?? []).length === 0 && (
            <TableMessage colSpan={5}>Nenhum produto aberto a afiliados</TableMessage>
          )}
          {(items.data ?? []).map((p) => (
            <tr key={p.productId} data-testid="marketplace-row">
              <Td label="Produto">{p.productName}</Td>
              <Td label="Preço">{formatCents(p.priceCents)}</Td>
              <Td label="Comissão">{bpsLabel(p.commissionBps)}</Td>
              <Td label="Cookie">{p.cookieDays === null ? 'Para sempre' : `${p.cookieDays} dias`}</Td>
              <Td>
                {mine.has(p.productId) ? (
                  <span className="af-muted">Afiliado</span>
                ) : (
                  <Button size="sm" onClick={() => ask(p.productId)} loading={request.isPending}>
                    Quero me afiliar
                  </Button>
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  )
}

function Commissions() {
  const list = useMyCommissions()
  return (
    <Card title="Comissões">
      <Table cards>
        <thead>
          <tr>
            <Th>Data</Th>
            <Th>Valor</Th>
            <Th>Estornado</Th>
            <Th>Situação</Th>
            <Th>Liberação</Th>
          </tr>
        </thead>
        <tbody>
          {(list.data ?? []).length === 0 && <TableMessage colSpan={5}>Nenhuma comissão ainda</TableMessage>}
          {(list.data ?? []).map((c) => (
            <tr key={c.id} data-testid="commission-row">
              <Td label="Data">{day(c.createdAt)}</Td>
              <Td label="Valor">{formatCents(c.amountCents)}</Td>
              <Td label="Estornado">{formatCents(c.reversedCents)}</Td>
              <Td label="Situação">{COMMISSION_STATUS_LABELS[c.status]}</Td>
              <Td label="Liberação">{day(c.releaseAt)}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  )
}

/** /afiliacoes: the affiliate's side — balance, links, commissions, and products open to affiliates. */
export default function MyAffiliationsPage() {
  return (
    <div className="af-page">
      <PageHeader
        title="Minhas afiliações"
        subtitle="Promova produtos de outras lojas com o seu link e acompanhe cliques, vendas e comissões."
      />
      <BalanceCards />
      <Links />
      <Coproductions />
      <Commissions />
      <Payouts />
      <Marketplace />
    </div>
  )
}
