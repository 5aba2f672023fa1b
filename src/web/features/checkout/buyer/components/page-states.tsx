import type { ReactNode } from 'react'
import { Button } from '../../../../ui/button'
import { Spinner } from '../../../../ui/feedback'
import { SearchOffIcon } from './icons'

export function CheckoutLoading() {
  return (
    <main className="ck-state">
      <meta name="robots" content="noindex, nofollow" />
      <title>Carregando...</title>
      <Spinner size="lg" label="Carregando" />
      <p>Carregando...</p>
    </main>
  )
}

/** A page that is not there (a product, an order): a search icon, `title` as the page's title and heading. */
export function NotFoundState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="ck-state">
      <meta name="robots" content="noindex, nofollow" />
      <title>{title}</title>
      <div className="ck-state-icon" aria-hidden>
        <SearchOffIcon size={40} />
      </div>
      <h1>{title}</h1>
      {children}
    </main>
  )
}

/** The error screen of spec 001 §2: 'Produto não encontrado' with the load message and 'Voltar'. */
export function CheckoutNotFound({ message }: { message: string }) {
  return (
    <NotFoundState title="Produto não encontrado">
      <p>{message}</p>
      <Button
        variant="secondary"
        onClick={() => (window.history.length > 1 ? window.history.back() : window.location.assign('/'))}
      >
        Voltar
      </Button>
    </NotFoundState>
  )
}
