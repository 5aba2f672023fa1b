import { useCallback, useState } from 'react'
import { useParams } from 'react-router-dom'
import { PIXEL_MESSAGES, pixelIsActive } from '../../../shared/pixel'
import { Alert, Badge, Card, Loading, PageHeader } from '../../ui'
import { usePixelConfig } from './api/pixel'
import { CodePreview } from './components/code-preview'
import { PixelDeliveryLog } from './components/pixel-delivery-log'
import { type PixelDraft, PixelForm } from './components/pixel-form'
import './pixel.css'

/** Facebook Pixel (spec 002 §2.4): status, configuration, event toggles, install code, help and the server's log. */
export default function PixelPage() {
  const { storeId } = useParams()
  if (!storeId) return <Alert tone="danger">Nenhuma loja selecionada</Alert>
  return <PixelScreen key={storeId} storeId={storeId} />
}

function PixelScreen({ storeId }: { storeId: string }) {
  const config = usePixelConfig(storeId)
  const [draft, setDraft] = useState<PixelDraft>()
  const onDraft = useCallback((d: PixelDraft) => setDraft(d), [])
  const saved = config.data
  // The status is what the server has, not what is typed: 'Ativo' only when saved active with an id (§4).
  const active = saved ? pixelIsActive(saved) : false

  return (
    <div className="pixel-page">
      <PageHeader
        title="Facebook Pixel"
        subtitle="Meça visitas, inícios de checkout e compras nas suas campanhas da Meta."
        actions={
          <span data-testid="pixel-status">
            <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Ativo' : 'Inativo'}</Badge>
          </span>
        }
      />
      {config.isPending && <Loading message="Carregando configuração..." />}
      {config.isError && <Alert tone="danger">{PIXEL_MESSAGES.loadFailed}</Alert>}
      {saved && (
        <div className="settings-grid">
          <div className="pixel-column">
            <PixelForm storeId={storeId} config={saved} onDraft={onDraft} />
            <CodePreview pixelId={draft?.pixelId ?? saved.pixelId} />
          </div>
          <Card title="Como usar" className="settings-card pixel-help">
            <ol>
              <li>
                No Gerenciador de Eventos da Meta, abra sua fonte de dados (pixel) e copie o ID de 15 ou 16 dígitos.
              </li>
              <li>Cole o ID acima, ligue o pixel, escolha os eventos e salve. O status passa para Ativo.</li>
              <li>
                Pronto: seus checkouts já carregam o pixel e enviam PageView, AddToCart, InitiateCheckout e Purchase com
                o valor em reais.
              </li>
              <li>
                Para eventos também pelo servidor (contam mesmo com bloqueador de anúncios), gere um token em
                Configurações › API de Conversões e cole-o no campo do token. A Meta conta cada evento uma vez: o
                navegador e o servidor usam o mesmo ID de evento.
              </li>
              <li>Para testar, cole o código da aba Testar eventos, faça uma compra de teste e veja o log abaixo.</li>
            </ol>
          </Card>
        </div>
      )}
      {saved && <PixelDeliveryLog storeId={storeId} />}
    </div>
  )
}
