import { useParams } from 'react-router-dom'
import { Alert, PageHeader } from '../../ui'
import { EmailLog } from './components/email-log'
import { EmailPreviews } from './components/email-previews'
import { EmailSettingsCard } from './components/email-settings-card'
import './emails.css'

/** E-mails of a store: what it sends, the previews with its look, and the delivery log with 'Reenviar'. */
export default function EmailsPage() {
  const { storeId } = useParams()
  if (!storeId) return <Alert tone="danger">Nenhuma loja selecionada</Alert>
  return (
    <div className="stack" key={storeId}>
      <PageHeader title="E-mails" subtitle="As mensagens que sua loja envia aos compradores e a você." />
      <EmailSettingsCard storeId={storeId} />
      <EmailPreviews storeId={storeId} />
      <EmailLog storeId={storeId} />
    </div>
  )
}
