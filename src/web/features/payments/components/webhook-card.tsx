import { useState } from 'react'
import { Button, Card } from '../../../ui'

/** The fixed callback address the merchant registers at the gateway (PUBLIC_URL + the callback path). */
export function WebhookCard({ url, isPublic }: { url: string; isPublic: boolean }) {
  const [copied, setCopied] = useState(false)
  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
      setTimeout(() => setCopied(false), 3000)
    } catch {
      setCopied(false)
    }
  }
  return (
    <Card title="Webhook" className="payment-card payment-card-wide">
      <p className="muted">
        Cadastre este endereço no painel do Ativo Pay para que os pagamentos sejam confirmados automaticamente.
      </p>
      <div className="input-row">
        <input
          className="control"
          readOnly
          value={url}
          aria-label="URL do webhook"
          data-testid="webhook-url"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="secondary" onClick={copy}>
          {copied ? 'Copiado!' : 'Copiar'}
        </Button>
      </div>
      {!isPublic && (
        <p className="payment-note" role="note" data-testid="webhook-url-local">
          Este endereço é o padrão local do servidor e o Ativo Pay não consegue alcançá-lo. Peça ao administrador da
          plataforma para definir a variável PUBLIC_URL com o endereço público do site.
        </p>
      )}
    </Card>
  )
}
