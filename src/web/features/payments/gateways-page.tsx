import { ArrowDown, ArrowUp } from 'lucide-react'
import { useParams } from 'react-router-dom'
import { ACCOUNT_METHOD_LABELS, type PaymentAccount, PROVIDER_LABELS } from '../../../shared/payment-accounts'
import { PAYMENT_MESSAGES } from '../../../shared/payments'
import { toast } from '../../lib/toast'
import { Alert, Badge, Button, Card, Loading, PageHeader, Table, Td, Th } from '../../ui'
import {
  useDeleteAccount,
  useMoveAccount,
  usePaymentAccounts,
  useTestAccount,
  useToggleAccount,
} from './api/payment-accounts'
import { AccountFeesCard } from './components/account-fees-card'
import { NewAccountCard } from './components/new-account-card'
import './payments.css'

/** Gateways (issue 32): the store's gateway accounts in order of preference, each one's health and 'Testar conexão'. */
export default function GatewaysPage() {
  const { storeId } = useParams()
  if (!storeId) return <Alert tone="danger">{PAYMENT_MESSAGES.noStore}</Alert>
  return <Gateways key={storeId} storeId={storeId} />
}

function health(a: PaymentAccount) {
  if (!a.active) return <Badge tone="neutral">Inativa</Badge>
  if (a.health.circuitOpen) return <Badge tone="danger">Fora do ar (pausada)</Badge>
  if (a.health.lastError) return <Badge tone="danger">{a.health.lastError}</Badge>
  if (a.health.lastCheckedAt) return <Badge tone="success">Conectada</Badge>
  return <Badge tone="neutral">Não testada</Badge>
}

function Gateways({ storeId }: { storeId: string }) {
  const accounts = usePaymentAccounts(storeId)
  const move = useMoveAccount(storeId)
  const toggle = useToggleAccount(storeId)
  const remove = useDeleteAccount(storeId)
  const test = useTestAccount(storeId)

  async function runTest(id: string) {
    const answer = await test.mutateAsync(id).catch(() => ({ ok: false, message: 'Não foi possível testar a conexão' }))
    if (answer.ok) toast.success(answer.message)
    else toast.error(answer.message)
  }

  if (accounts.isPending) return <Loading message="Carregando gateways..." />
  const list = accounts.data ?? []
  return (
    <div className="stack payment-page">
      <PageHeader
        title="Gateways"
        subtitle="As contas que cobram as vendas desta loja, na ordem de preferência. Se a primeira estiver fora do ar, o cartão é cobrado na seguinte, no mesmo clique."
      />
      {accounts.isError && <Alert tone="danger">Erro ao carregar os gateways</Alert>}
      <Card title="Contas e ordem de preferência" className="payment-card payment-card-wide">
        {list.length === 0 ? (
          <p className="muted">Nenhuma conta cadastrada: as vendas usam a chave do AtivoPay da página Pagamentos.</p>
        ) : (
          <Table cards aria-label="Contas de pagamento">
            <thead>
              <tr>
                <Th>Ordem</Th>
                <Th>Conta</Th>
                <Th>Formas</Th>
                <Th>Chave</Th>
                <Th>Situação</Th>
                <Th>Ações</Th>
              </tr>
            </thead>
            <tbody>
              {list.map((a, i) => (
                <tr key={a.id} data-testid="gateway-row">
                  <Td label="Ordem">
                    <span className="gateway-order">
                      {i + 1}
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Subir ${a.label}`}
                        disabled={i === 0 || move.isPending}
                        onClick={() => move.mutate({ id: a.id, direction: 'up' })}
                      >
                        <ArrowUp size={16} aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Descer ${a.label}`}
                        disabled={i === list.length - 1 || move.isPending}
                        onClick={() => move.mutate({ id: a.id, direction: 'down' })}
                      >
                        <ArrowDown size={16} aria-hidden />
                      </Button>
                    </span>
                  </Td>
                  <Td label="Conta">
                    <strong>{a.label}</strong>
                    <br />
                    <span className="muted">{PROVIDER_LABELS[a.provider]}</span>
                    {a.webhookUrl && (
                      <>
                        <br />
                        <span className="muted">
                          Webhook: <code>{a.webhookUrl}</code>
                        </span>
                      </>
                    )}
                  </Td>
                  <Td label="Formas">{a.methods.map((m) => ACCOUNT_METHOD_LABELS[m]).join(', ')}</Td>
                  <Td label="Chave">
                    <code>{a.apiKey}</code>
                  </Td>
                  <Td label="Situação">{health(a)}</Td>
                  <Td label="Ações">
                    <span className="gateway-actions">
                      <Button
                        variant="secondary"
                        size="sm"
                        loading={test.isPending && test.variables === a.id}
                        loadingText="Testando..."
                        onClick={() => void runTest(a.id)}
                      >
                        Testar conexão
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => toggle.mutate({ id: a.id, active: !a.active })}
                      >
                        {a.active ? 'Desativar' : 'Ativar'}
                      </Button>
                      <Button variant="danger" size="sm" onClick={() => remove.mutate(a.id)}>
                        Remover
                      </Button>
                    </span>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
      <AccountFeesCard storeId={storeId} accounts={list} />
      <NewAccountCard storeId={storeId} />
    </div>
  )
}
