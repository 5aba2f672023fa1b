import { useState } from 'react'
import { roleLabel } from '../../lib/roles'
import { clearObsoleteData } from '../../lib/session'
import { useCurrentUser, useSession } from '../../lib/session-context'
import { useStores } from '../../lib/store-context'
import { toast } from '../../lib/toast'
import { Badge, Button, Card, PageHeader } from '../../ui'
import { ReviewsDebug } from './components/reviews-debug'
import { readStorage, StorageTable, truncate } from './components/storage-table'

/** /debug (spec 002 §2.9): session, stores and local data, with clean-up actions. */
export default function DebugPage() {
  const user = useCurrentUser()
  const { token } = useSession()
  const { stores, selectedStoreId, reload, isFetching, status } = useStores()
  const [entries, setEntries] = useState(readStorage)

  const clearObsolete = () => {
    try {
      clearObsoleteData(status === 'success' ? stores.map((s) => s.id) : undefined)
      setEntries(readStorage())
      toast.success('Dados obsoletos removidos com sucesso!')
    } catch {
      toast.error('Erro ao remover dados obsoletos.')
    }
  }
  const reloadStores = async () => {
    if (await reload()) toast.success('Lojas recarregadas com sucesso!')
    else toast.error('Erro ao recarregar lojas.')
    setEntries(readStorage())
  }

  return (
    <div className="stack">
      <PageHeader
        title="Depuração"
        subtitle="Estado da sessão e dos dados locais"
        actions={
          <>
            <Button variant="secondary" onClick={clearObsolete}>
              Limpar dados obsoletos
            </Button>
            <Button variant="secondary" loading={isFetching} onClick={() => void reloadStores()}>
              Recarregar lojas
            </Button>
          </>
        }
      />
      <div className="dash-grid">
        <Card title="Usuário logado">
          <dl className="kv">
            <div className="kv-row">
              <dt>Nome</dt>
              <dd>{user.name}</dd>
            </div>
            <div className="kv-row">
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </div>
            <div className="kv-row">
              <dt>Função</dt>
              <dd>{roleLabel(user.role)}</dd>
            </div>
            <div className="kv-row">
              <dt>ID</dt>
              <dd className="mono break">{user.id}</dd>
            </div>
            <div className="kv-row">
              <dt>Token</dt>
              <dd className="mono">{token ? truncate(token, 20) : '--'}</dd>
            </div>
          </dl>
        </Card>
        <Card title={`Lojas (${stores.length})`}>
          {stores.length === 0 ? (
            <p className="muted">Nenhuma loja carregada.</p>
          ) : (
            <ul className="plain-list">
              {stores.map((s) => (
                <li key={s.id} className="row">
                  <span>{s.name}</span>
                  {s.id === selectedStoreId && <Badge tone="success">Atual</Badge>}
                  <code className="muted small">{s.id}</code>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <ReviewsDebug storeId={selectedStoreId ?? undefined} />
      <Card title="Armazenamento local">
        <StorageTable entries={entries} />
      </Card>
    </div>
  )
}
