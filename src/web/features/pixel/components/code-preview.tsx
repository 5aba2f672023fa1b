import { useState } from 'react'
import { PIXEL_MESSAGES, pixelNoscriptSnippet, pixelScriptSnippet } from '../../../../shared/pixel'
import { toast } from '../../../lib/toast'
import { Alert, Button, Card } from '../../../ui'

/** The install code for the merchant's own pages, shown on demand, with copy buttons that check the id first. */
export function CodePreview({ pixelId }: { pixelId: string }) {
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string>()
  const valid = /^\d{15,16}$/.test(pixelId)
  const id = valid ? pixelId : 'SEU_PIXEL_ID'

  async function copy(text: string) {
    if (!valid) {
      setError(PIXEL_MESSAGES.invalidPixelId)
      return
    }
    setError(undefined)
    try {
      await navigator.clipboard.writeText(text)
      toast.success(PIXEL_MESSAGES.copied)
    } catch {
      toast.error(PIXEL_MESSAGES.copyFailed)
    }
  }

  return (
    <Card
      title="Código do Pixel"
      className="settings-card"
      actions={
        <Button variant="secondary" size="sm" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
          {open ? 'Ocultar código' : 'Mostrar código'}
        </Button>
      }
    >
      <p className="muted">
        O checkout já carrega o pixel sozinho. Use este código só nas suas outras páginas (site, página de vendas).
      </p>
      {error && <Alert tone="danger">{error}</Alert>}
      {open && (
        <>
          <div className="pixel-code-head">
            <strong>Script (dentro do &lt;head&gt;)</strong>
            <Button size="sm" variant="secondary" onClick={() => copy(pixelScriptSnippet(id))}>
              Copiar script
            </Button>
          </div>
          <pre className="pixel-code" data-testid="pixel-script">
            {pixelScriptSnippet(id)}
          </pre>
          <div className="pixel-code-head">
            <strong>Noscript (logo após o &lt;body&gt;)</strong>
            <Button size="sm" variant="secondary" onClick={() => copy(pixelNoscriptSnippet(id))}>
              Copiar noscript
            </Button>
          </div>
          <pre className="pixel-code">{pixelNoscriptSnippet(id)}</pre>
        </>
      )}
    </Card>
  )
}
