import { useState } from 'react'
import { EMAIL_KIND_LABELS } from '../../../shared/notifications'
import { Alert, Card, Input, ListTable, PageHeader, Pager, Td } from '../../ui'
import { useMailbox, useMailboxMessage } from './api/emails'
import { EmailFrame } from './components/email-frame'
import './emails.css'
import { formatLogTime } from '../../../shared/dates'

/** /admin/emails: every message kept while no SMTP server is configured, readable as the recipient would see it. */
export default function MailboxPage() {
  const [page, setPage] = useState(1)
  const [to, setTo] = useState('')
  const [openId, setOpenId] = useState<string>()
  const list = useMailbox(page, to)
  const message = useMailboxMessage(openId)
  return (
    <div className="stack">
      <PageHeader title="Caixa de e-mails" subtitle="Mensagens guardadas pela plataforma." />
      {list.data?.smtpConfigured === false && (
        <Alert tone="info">
          Nenhum servidor SMTP configurado (SMTP_URL): os e-mails ficam guardados aqui em vez de serem enviados.
        </Alert>
      )}
      <Card>
        <Input
          label="Filtrar por destinatário"
          value={to}
          onChange={(e) => {
            setTo(e.target.value)
            setPage(1)
          }}
          placeholder="comprador@exemplo.com"
        />
        <ListTable
          columns={['Quando', 'Para', 'Assunto', 'Tipo']}
          status={list}
          rows={list.data?.messages}
          loading="Carregando..."
          empty="Nenhuma mensagem."
        >
          {(m) => (
            <tr key={m.id} data-testid="mailbox-item">
              <Td>{formatLogTime(m.createdAt)}</Td>
              <Td>{m.to}</Td>
              <Td>
                <button type="button" className="email-link-button" onClick={() => setOpenId(m.id)}>
                  {m.subject}
                </button>
              </Td>
              <Td>{EMAIL_KIND_LABELS[m.kind] ?? m.kind}</Td>
            </tr>
          )}
        </ListTable>
        <Pager className="email-row" page={page} total={list.data?.total ?? 0} perPage={20} onChange={setPage} />
      </Card>
      {message.data && (
        <Card title={message.data.subject}>
          <p className="muted">
            De {message.data.from} para {message.data.to}
            {message.data.replyTo ? ` (responder a ${message.data.replyTo})` : ''}
          </p>
          <EmailFrame html={message.data.html} width={600} title={message.data.subject} />
          <details>
            <summary>Versão em texto</summary>
            <pre style={{ whiteSpace: 'pre-wrap' }}>{message.data.text}</pre>
          </details>
        </Card>
      )}
    </div>
  )
}
