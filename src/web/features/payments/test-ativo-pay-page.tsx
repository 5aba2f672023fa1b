import { type FormEvent, useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { formatCents, toCents } from '../../../shared/money'
import { type PaymentMethod, STATUS_LABELS, type TransactionRequest } from '../../../shared/payments'
import { PIX_COUNTDOWN_SECONDS } from '../../../shared/pix-screen'
import { ApiError } from '../../lib/api'
import { useSession } from '../../lib/session-context'
import { toast } from '../../lib/toast'
import {
  Alert,
  Badge,
  type BadgeTone,
  Button,
  Card,
  Input,
  PageHeader,
  Select,
  Table,
  TableMessage,
  Td,
  Th,
} from '../../ui'
import { PixPanel } from '../checkout'
import { useMyStores } from '../stores'
import { type CreateTransactionAnswer, useCreateTransaction } from './api/create-transaction'
import { usePublicMethods } from './api/get-public-methods'
import { useRefreshTransaction } from './api/get-transaction'
import { useTransactions } from './api/list-transactions'
import './payments.css'

const TONES: Record<string, BadgeTone> = {
  PAID: 'success',
  PENDING: 'warning',
  CREATING: 'neutral',
  REFUSED: 'danger',
  FAILED: 'danger',
  EXPIRED: 'neutral',
  CANCELLED: 'neutral',
  REFUNDED: 'purple',
}

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? 'neutral'}>{STATUS_LABELS[status] ?? status}</Badge>
}

/** /test-ativo-pay (spec 002 §2.10): exercises payment methods and transaction creation for one's own store. */
export default function TestAtivoPayPage() {
  const { isAuthenticated, user } = useSession()
  return (
    <main className="test-pay-page stack">
      <PageHeader
        title="Teste do Ativo Pay"
        subtitle="Crie transações de teste (PIX, cartão e boleto) e confira os métodos de pagamento da sua loja."
      />
      {isAuthenticated && user ? (
        <TestConsole />
      ) : (
        <Card>
          <Alert tone="info">
            Para testar transações é preciso estar logado como lojista dono da loja. <Link to="/login">Entrar</Link> e
            depois volte para <code>/test-ativo-pay</code>.
          </Alert>
        </Card>
      )}
    </main>
  )
}

function TestConsole() {
  const stores = useMyStores()
  const [storeId, setStoreId] = useState('')
  useEffect(() => {
    if (!storeId && stores.data?.[0]) setStoreId(stores.data[0].id)
  }, [stores.data, storeId])

  if (stores.isPending) return <p className="muted">Carregando lojas...</p>
  if (!stores.data?.length) return <Alert tone="warning">Você ainda não possui lojas.</Alert>
  return (
    <div className="stack">
      <Card>
        <Select label="Loja" value={storeId} onChange={(e) => setStoreId(e.target.value)}>
          {stores.data.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </Select>
      </Card>
      {storeId && <StoreConsole key={storeId} storeId={storeId} />}
    </div>
  )
}

function MethodsSummary({ storeId }: { storeId: string }) {
  const methods = usePublicMethods(storeId)
  if (methods.isPending) return <p className="muted">Verificando métodos de pagamento...</p>
  if (methods.isError) return <Alert tone="danger">Erro ao carregar métodos de pagamento. Tente novamente.</Alert>
  const m = methods.data.data
  const none = !m.pix.enabled && !m.credit_card.enabled && !m.bank_slip.enabled
  return (
    <div className="stack">
      <div className="row">
        <Badge tone={m.pix.enabled ? 'success' : 'neutral'}>PIX {m.pix.enabled ? 'ativo' : 'inativo'}</Badge>
        <Badge tone={m.credit_card.enabled ? 'success' : 'neutral'}>
          Cartão {m.credit_card.enabled ? `ativo (até ${m.credit_card.maxInstallments}x)` : 'inativo'}
        </Badge>
        <Badge tone={m.bank_slip.enabled ? 'success' : 'neutral'}>
          Boleto {m.bank_slip.enabled ? `ativo (${m.bank_slip.expirationDays} dias)` : 'inativo'}
        </Badge>
      </div>
      {none && <Alert tone="warning">Nenhum método de pagamento disponível para esta loja</Alert>}
    </div>
  )
}

interface FormState {
  amount: string
  method: PaymentMethod
  name: string
  email: string
  phone: string
  cpf: string
  cardNumber: string
  cardName: string
  cardExpiry: string
  cvv: string
  installments: string
}

const INITIAL: FormState = {
  amount: '10,00',
  method: 'PIX',
  name: 'Cliente Teste',
  email: 'cliente@teste.com.br',
  phone: '11999999999',
  cpf: '52998224725',
  cardNumber: '4111111111111111',
  cardName: 'CLIENTE TESTE',
  cardExpiry: '12/30',
  cvv: '123',
  installments: '1',
}

function StoreConsole({ storeId }: { storeId: string }) {
  const [form, setForm] = useState<FormState>(INITIAL)
  const [result, setResult] = useState<CreateTransactionAnswer | null>(null)
  const [error, setError] = useState<string | null>(null)
  const create = useCreateTransaction(storeId)
  const set = (k: keyof FormState) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    setError(null)
    // '10,00', '1.234,56' or '10.00': with a comma, dots are thousands separators.
    const typed = form.amount.trim()
    const cents = toCents(Number(typed.includes(',') ? typed.replace(/\./g, '').replace(',', '.') : typed))
    if (!Number.isFinite(cents) || cents <= 0) {
      setError('Valor deve ser maior que zero')
      return
    }
    const [mm, yy] = form.cardExpiry.split('/')
    const req: TransactionRequest = {
      storeId,
      amount: cents,
      currency: 'BRL',
      paymentMethod: form.method,
      pix: form.method === 'PIX' ? { expiresInDays: 1 } : undefined,
      customer: {
        name: form.name,
        email: form.email,
        phone: form.phone,
        document: { type: 'CPF', number: form.cpf },
      },
      items: [{ title: 'Produto de teste', quantity: 1, unitPrice: cents, tangible: false, externalRef: 'teste' }],
      card:
        form.method === 'CREDIT_CARD'
          ? {
              number: form.cardNumber,
              holderName: form.cardName,
              expMonth: Number(mm),
              expYear: 2000 + Number(yy),
              cvv: form.cvv,
            }
          : undefined,
      installments: form.method === 'CREDIT_CARD' ? Number(form.installments) : undefined,
    }
    try {
      const answer = await create.mutateAsync(req)
      setResult(answer)
      toast.success('Transação criada com sucesso!')
    } catch (err) {
      const message = err instanceof ApiError ? err.message : 'Erro na transação'
      setError(message)
      toast.error(message)
    }
  }

  return (
    <div className="payment-grid">
      <Card title="Métodos de pagamento da loja" className="payment-card payment-card-wide">
        <MethodsSummary storeId={storeId} />
      </Card>
      <Card title="Nova transação" className="payment-card">
        <form className="stack" onSubmit={submit} noValidate>
          <Input label="Valor (R$)" inputMode="decimal" value={form.amount} onChange={set('amount')} />
          <Select label="Método" value={form.method} onChange={set('method')}>
            <option value="PIX">PIX</option>
            <option value="CREDIT_CARD">Cartão de Crédito</option>
            <option value="BOLETO">Boleto Bancário</option>
          </Select>
          <Input label="Nome" value={form.name} onChange={set('name')} />
          <Input label="E-mail" type="email" value={form.email} onChange={set('email')} />
          <Input label="Telefone" value={form.phone} onChange={set('phone')} />
          <Input label="CPF" value={form.cpf} onChange={set('cpf')} />
          {form.method === 'CREDIT_CARD' && (
            <>
              <Input
                label="Número do cartão"
                value={form.cardNumber}
                onChange={set('cardNumber')}
                hint="Sandbox: 4111 1111 1111 1111 aprova, 4000 0000 0000 0002 recusa."
              />
              <Input label="Nome no cartão" value={form.cardName} onChange={set('cardName')} />
              <div className="row">
                <Input label="Validade (MM/AA)" value={form.cardExpiry} onChange={set('cardExpiry')} />
                <Input label="CVV" value={form.cvv} onChange={set('cvv')} />
                <Input
                  label="Parcelas"
                  type="number"
                  min={1}
                  max={24}
                  value={form.installments}
                  onChange={set('installments')}
                />
              </div>
            </>
          )}
          {error && <Alert tone="danger">{error}</Alert>}
          <Button type="submit" loading={create.isPending} loadingText="Criando...">
            Criar transação
          </Button>
        </form>
      </Card>
      <Card title="Resultado" className="payment-card">
        {result ? (
          <ResultView key={result.transactionId} result={result} customerName={form.name} storeId={storeId} />
        ) : (
          <p className="muted">Nenhuma transação criada ainda.</p>
        )}
      </Card>
      <TransactionsCard storeId={storeId} />
    </div>
  )
}

function ResultView({
  result,
  customerName,
  storeId,
}: {
  result: CreateTransactionAnswer
  customerName: string
  storeId: string
}) {
  const refresh = useRefreshTransaction(storeId)
  const [status, setStatus] = useState(result.status)
  useEffect(() => setStatus(result.status), [result])
  // The buyer's screen counts the spec's 30 minutes from when the code is shown (the sandbox's code lasts longer).
  // (ResultView is keyed by the transaction, so a new one counts from its own start.)
  const [shownUntil] = useState(() => new Date(Date.now() + PIX_COUNTDOWN_SECONDS * 1000).toISOString())
  const reload = async () => {
    try {
      const tx = await refresh.mutateAsync(result.transactionId)
      setStatus(tx.status)
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Erro ao consultar transação')
    }
  }
  return (
    <div className="test-pay-result">
      <div className="row">
        <StatusBadge status={status} />
        <span className="muted">{formatCents(result.data.amountCents)}</span>
        <Button size="sm" variant="ghost" loading={refresh.isPending} onClick={reload}>
          Consultar status
        </Button>
      </div>
      <p className="muted">
        Transação <code>{result.transactionId}</code> · gateway <code>{result.gatewayId}</code>
      </p>
      {result.qrCode && (
        <PixPanel
          code={result.qrCode}
          amount={result.data.amount}
          customerName={customerName}
          expiresAt={shownUntil}
          expired={status === 'EXPIRED'}
          sandboxGatewayId={result.sandbox && status === 'PENDING' ? result.gatewayId : undefined}
          onSimulated={() => setTimeout(reload, 800)}
        />
      )}
      {result.boletoLine && (
        <div className="stack">
          <span>Linha digitável</span>
          <code className="boleto-line">{result.boletoLine}</code>
          {result.paymentUrl && (
            <a href={result.paymentUrl} target="_blank" rel="noreferrer">
              Abrir boleto
            </a>
          )}
        </div>
      )}
      {result.data.refusedReason && <Alert tone="danger">{result.data.refusedReason}</Alert>}
    </div>
  )
}

function TransactionsCard({ storeId }: { storeId: string }) {
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState('')
  const list = useTransactions(storeId, status || undefined, page)
  const refresh = useRefreshTransaction(storeId)
  return (
    <Card
      title="Transações recentes"
      className="payment-card payment-card-wide"
      actions={
        <Select
          aria-label="Filtrar por status"
          value={status}
          onChange={(e) => {
            setPage(1)
            setStatus(e.target.value)
          }}
          options={['PENDING', 'PAID', 'REFUSED', 'EXPIRED', 'FAILED'].map((s) => ({
            value: s,
            label: STATUS_LABELS[s],
          }))}
        >
          <option value="">Todos</option>
        </Select>
      }
    >
      <Table>
        <thead>
          <tr>
            <Th>Data</Th>
            <Th>Método</Th>
            <Th>Valor</Th>
            <Th>Status</Th>
            <Th />
          </tr>
        </thead>
        <tbody>
          {list.data?.data.length ? (
            list.data.data.map((t) => (
              <tr key={t.id}>
                <Td>{new Date(t.createdAt).toLocaleString('pt-BR')}</Td>
                <Td>{t.method}</Td>
                <Td>{formatCents(t.amountCents)}</Td>
                <Td>
                  <StatusBadge status={t.status} />
                </Td>
                <Td>
                  <Button size="sm" variant="ghost" onClick={() => refresh.mutate(t.id)}>
                    Atualizar
                  </Button>
                </Td>
              </tr>
            ))
          ) : (
            <TableMessage colSpan={5}>{list.isPending ? 'Carregando...' : 'Nenhuma transação'}</TableMessage>
          )}
        </tbody>
      </Table>
      {list.data && list.data.totalPages > 1 && (
        <div className="row">
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Anterior
          </Button>
          <span className="muted">
            Página {list.data.page} de {list.data.totalPages}
          </span>
          <Button
            size="sm"
            variant="secondary"
            disabled={page >= list.data.totalPages}
            onClick={() => setPage((p) => p + 1)}
          >
            Próxima
          </Button>
        </div>
      )}
    </Card>
  )
}
