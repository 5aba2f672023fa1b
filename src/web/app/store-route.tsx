import { Store, TriangleAlert } from 'lucide-react'
import { type ComponentType, type LazyExoticComponent, Suspense, useEffect, useRef } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { usePageTitle } from '../lib/page-title'
import { storePath } from '../lib/sections'
import { useStores } from '../lib/store-context'
import { toast } from '../lib/toast'
import { Button, Card, EmptyState, Loading } from '../ui'

/**
 * Every /store/:storeId/<section> page: the id must be one of the user's stores (spec 000 'Store products page').
 * An unknown id shows an error toast and goes to the same section of the current or first store.
 */
export function StoreRoute({
  section,
  label,
  Component,
}: {
  section: string
  /** The sidebar label, also the tab title with the store's name ('Produtos · Loja X'). */
  label: string
  Component: LazyExoticComponent<ComponentType>
}) {
  const { storeId = '' } = useParams()
  const navigate = useNavigate()
  const { stores, status, error, reload, isFetching, selectedStoreId, syncSelectedStore, openStoreDialog } = useStores()
  const store = stores.find((s) => s.id === storeId)
  const found = store !== undefined
  usePageTitle(label, store?.name)
  const warned = useRef<string | null>(null)

  useEffect(() => {
    if (status !== 'success') return
    if (found) {
      syncSelectedStore(storeId)
      return
    }
    if (!stores.length || warned.current === storeId) return
    warned.current = storeId
    toast.error(`Loja com ID "${storeId}" não encontrada ou não pertence a você.`)
    const fallback = stores.find((s) => s.id === selectedStoreId) ?? stores[0]
    navigate(storePath(fallback.id, section), { replace: true })
  }, [status, found, storeId, stores, selectedStoreId, section, navigate, syncSelectedStore])

  if (status === 'pending') return <Loading message="Carregando dados da loja..." />
  if (status === 'error') {
    return (
      <Card>
        <EmptyState
          icon={<TriangleAlert />}
          title="Erro ao carregar lojas."
          description={
            section === 'products'
              ? `Erro no contexto da loja: ${error?.message || 'falha ao carregar'}. Não é possível carregar produtos.`
              : 'Não foi possível carregar os dados da loja.'
          }
          action={
            <div className="row center">
              <Button variant="secondary" loading={isFetching} onClick={() => void reload()}>
                Tentar novamente
              </Button>
              <Button onClick={() => navigate('/dashboard')}>Voltar ao Dashboard</Button>
            </div>
          }
        />
      </Card>
    )
  }
  if (!stores.length) {
    return (
      <Card>
        <EmptyState
          icon={<Store />}
          title="Nenhuma loja encontrada para sua conta. Crie uma loja primeiro."
          action={
            <div className="row center">
              <Button onClick={() => openStoreDialog()}>Criar Primeira Loja</Button>
              <Button variant="secondary" onClick={() => navigate('/dashboard')}>
                Voltar ao Dashboard
              </Button>
            </div>
          }
        />
      </Card>
    )
  }
  if (!found) return <Loading message="Carregando dados da loja..." />
  if (selectedStoreId !== storeId) return <Loading message="Sincronizando loja selecionada..." />
  return (
    <Suspense fallback={<Loading message="Carregando..." />}>
      <Component key={storeId} />
    </Suspense>
  )
}
