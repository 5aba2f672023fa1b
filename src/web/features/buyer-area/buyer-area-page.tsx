import { lazy, Suspense, useState } from 'react'
import { ApiError } from '../../lib/api'
import { usePageTitle } from '../../lib/page-title'
import { Alert, Button, Loading } from '../../ui'
import { loadBuyerSubscriptions } from '../subscriptions'
import { useBuyerLibrary, useBuyerLogout, useBuyerMe, useBuyerOrders } from './api/buyer-area'
import { BuyerFrame } from './components/buyer-frame'
import { LibraryList } from './components/library-list'
import { LoginLinkForm } from './components/login-link-form'
import { OrdersList } from './components/orders-list'
import './buyer-area.css'

// subscriptions: the buyer's subscriptions (access until, manage, cancel), their own chunk.
const AreaSubscriptions = lazy(loadBuyerSubscriptions)

const PAGE = 20

/** /minha-conta: the sign-in form, or once signed in 'Meus produtos' and 'Minhas compras'. */
export default function BuyerAreaPage() {
  usePageTitle('Minhas compras')
  const me = useBuyerMe()
  const signedIn = Boolean(me.data)
  const [offset, setOffset] = useState(0)
  const library = useBuyerLibrary(signedIn)
  const orders = useBuyerOrders(offset, signedIn)
  const logout = useBuyerLogout()

  if (me.isLoading) return <Loading message="Carregando..." />
  if (!signedIn) {
    const down = me.error instanceof ApiError && me.error.status !== 401 ? me.error.message : undefined
    return (
      <BuyerFrame
        title="Minhas compras"
        subtitle="Informe o e-mail usado na compra: enviaremos um link para você entrar."
      >
        {down && <Alert tone="danger">{down}</Alert>}
        <LoginLinkForm />
      </BuyerFrame>
    )
  }
  const total = orders.data?.total ?? 0
  return (
    <BuyerFrame
      title="Minhas compras"
      subtitle={me.data!.email}
      action={
        <Button size="sm" variant="secondary" onClick={() => logout.mutate()} loading={logout.isPending}>
          Sair
        </Button>
      }
    >
      <section className="stack" aria-labelledby="ba-products">
        <h2 id="ba-products">Meus produtos</h2>
        {library.isLoading && <Loading message="Carregando produtos..." />}
        {library.isError && <Alert tone="danger">Não foi possível carregar seus produtos.</Alert>}
        {library.data && <LibraryList items={library.data.items} />}
      </section>
      <Suspense fallback={null}>
        <AreaSubscriptions />
      </Suspense>
      <section className="stack" aria-labelledby="ba-orders">
        <h2 id="ba-orders">Pedidos</h2>
        {orders.isLoading && <Loading message="Carregando pedidos..." />}
        {orders.isError && <Alert tone="danger">Não foi possível carregar seus pedidos.</Alert>}
        {orders.data && <OrdersList orders={orders.data.orders} />}
        {total > PAGE && (
          <div className="ba-pager">
            <Button size="sm" variant="secondary" disabled={offset === 0} onClick={() => setOffset(offset - PAGE)}>
              Anteriores
            </Button>
            <span className="muted">
              {offset + 1}–{Math.min(offset + PAGE, total)} de {total}
            </span>
            <Button
              size="sm"
              variant="secondary"
              disabled={offset + PAGE >= total}
              onClick={() => setOffset(offset + PAGE)}
            >
              Próximos
            </Button>
          </div>
        )}
      </section>
    </BuyerFrame>
  )
}
