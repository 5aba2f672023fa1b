import { useParams } from 'react-router-dom'
import { Alert, Card, PageHeader } from '../../ui'
import { DeliveryLog } from './components/delivery-log'
import { UtmifyCard } from './components/utmify-card'
import { WebhooksCard } from './components/webhooks-card'
import './integrations.css'

/** Integrações (spec 002 §2.7): UTMify, its delivery log, and the room for the next integrations. */
export default function IntegrationsPage() {
  const { storeId } = useParams()
  if (!storeId) return <Alert tone="danger">Nenhuma loja selecionada</Alert>
  return (
    <div className="integrations-page" key={storeId}>
      <PageHeader title="Integrações" subtitle="Conecte sua loja às ferramentas de rastreamento de vendas." />
      <div className="settings-grid">
        <UtmifyCard storeId={storeId} />
        <Card title="Mais integrações em breve" className="settings-card integration-soon">
          <p className="muted">Novas integrações de rastreamento e marketing estão a caminho.</p>
        </Card>
      </div>
      <DeliveryLog storeId={storeId} />
      <WebhooksCard storeId={storeId} />
    </div>
  )
}
