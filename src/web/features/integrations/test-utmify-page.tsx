import { Alert, PageHeader } from '../../ui'
import { UtmifyCard } from './components/utmify-card'
import './integrations.css'

/** A made-up store id: every call answers 'ID da loja não encontrado' (or asks to log in), so no real store is read. */
export const TEST_UTMIFY_STORE_ID = 'loja-teste-utmify'

/** /test-utmfy (spec 002 §2.10): the UTMify card against a fake store id, to see its states and messages. */
export default function TestUtmifyPage() {
  return (
    <main className="test-utmify-page">
      <PageHeader
        title="Teste UTMFY"
        subtitle={`Configuração da UTMify para a loja fictícia "${TEST_UTMIFY_STORE_ID}".`}
      />
      <Alert tone="info">
        Página de teste: nenhuma loja real é lida ou alterada. Salvar e simular respondem como para uma loja
        inexistente.
      </Alert>
      <UtmifyCard storeId={TEST_UTMIFY_STORE_ID} />
    </main>
  )
}
