import { useState } from 'react'
import { EMAIL_KIND_LABELS, PREVIEW_KINDS, type PreviewKind } from '../../../../shared/notifications'
import { Alert, Button, Card, Loading, Select } from '../../../ui'
import { useEmailPreview } from '../api/emails'
import { EmailFrame } from './email-frame'

/** Each message with the store's look and a sample order, at a phone's width or the full 600 px. */
export function EmailPreviews({ storeId }: { storeId: string }) {
  const [kind, setKind] = useState<PreviewKind>('order_received')
  const [width, setWidth] = useState(600)
  const preview = useEmailPreview(storeId, kind)
  return (
    <Card title="Pré-visualização">
      <div className="email-row">
        <Select
          label="Mensagem"
          value={kind}
          onChange={(e) => setKind(e.target.value as PreviewKind)}
          options={PREVIEW_KINDS.map((k) => ({ value: k, label: EMAIL_KIND_LABELS[k] }))}
        />
        <Button variant={width === 390 ? 'primary' : 'secondary'} size="sm" onClick={() => setWidth(390)}>
          Celular
        </Button>
        <Button variant={width === 600 ? 'primary' : 'secondary'} size="sm" onClick={() => setWidth(600)}>
          Computador
        </Button>
      </div>
      {preview.isPending && <Loading message="Montando a mensagem..." />}
      {preview.isError && <Alert tone="danger">Não foi possível montar a pré-visualização.</Alert>}
      {preview.data && (
        <>
          <p>
            <strong>Assunto:</strong> {preview.data.subject}
          </p>
          <EmailFrame html={preview.data.html} width={width} title={`Pré-visualização: ${EMAIL_KIND_LABELS[kind]}`} />
        </>
      )}
    </Card>
  )
}
