import { Button } from '../../../../ui/button'
import { Spinner } from '../../../../ui/feedback'

export function CheckoutLoading() {
  return (
    <div className="ck-state">
      <meta name="robots" content="noindex, nofollow" />
      <title>Carregando...</title>
      <Spinner size="lg" label="Carregando" />
      <p>Carregando...</p>
    </div>
  )
}

/** The error screen of spec 001 §2: 'Produto não encontrado' with the load message and 'Voltar'. */
export function CheckoutNotFound({ message }: { message: string }) {
  return (
    <div className="ck-state">
      <meta name="robots" content="noindex, nofollow" />
      <title>Produto não encontrado</title>
      <div className="ck-state-icon" aria-hidden>
        🔍
      </div>
      <h1>Produto não encontrado</h1>
      <p>{message}</p>
      <Button
        variant="secondary"
        onClick={() => (window.history.length > 1 ? window.history.back() : window.location.assign('/'))}
      >
        Voltar
      </Button>
    </div>
  )
}
