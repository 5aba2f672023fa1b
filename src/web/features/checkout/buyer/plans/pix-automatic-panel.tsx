import { QRCodeSVG } from 'qrcode.react'
import { useState } from 'react'
import { formatDateTime } from '../../../../../shared/dates'
import { formatCents } from '../../../../../shared/money'
import { ApiError } from '../../../../lib/api'
import { Button } from '../../../../ui/button'
import { Alert, Loading } from '../../../../ui/feedback'
import { simulateSandbox, simulationError } from '../api/simulate-sandbox'
import { CopyButton } from '../order/copy-button'
import '../order/payment-box.css'
import { usePixMandate } from './get-pix-mandate'
import { PIX_AUTOMATIC_HINT, PIX_AUTOMATIC_LABEL } from './pix-automatic'

const FAILED = 'Não foi possível gerar o QR Code do Pix Automático. Tente novamente.'

/**
 * The order page's PIX Automático (issue 36, Journey 3), in the lazy plans chunk: one QR that pays this order (the
 * first cycle) and, in the same approval in the bank app, authorises the next charges. Drawn instead of the plain
 * PIX QR for an order placed on a plan by PIX Automático; the page keeps polling and turns paid by itself.
 */
export function PixAutomaticPanel({
  orderId,
  token,
  planId,
  customerName,
  sandbox = false,
  onSimulated,
}: {
  orderId: string
  token: string
  planId: string
  customerName: string
  /** The store is on the built-in sandbox: 'Simular pagamento' plays the buyer's bank app. */
  sandbox?: boolean
  onSimulated?: () => void
}) {
  const mandate = usePixMandate(orderId, token, planId)
  if (mandate.isPending) return <Loading message="Gerando o QR Code do Pix Automático..." />
  if (mandate.isError || !mandate.data.qrcode) {
    const message = mandate.error instanceof ApiError ? mandate.error.message : FAILED
    return (
      <section className="ck-pix" aria-label={`Pagamento ${PIX_AUTOMATIC_LABEL}`}>
        <Alert tone="danger">{mandate.isError ? message : FAILED}</Alert>
        <Button block onClick={() => mandate.refetch()}>
          Tentar novamente
        </Button>
      </section>
    )
  }
  const { qrcode, qrExpiresAt, firstAmountCents, amountCents, gatewayId } = mandate.data
  return (
    <section className="ck-pix" aria-label={`Pagamento ${PIX_AUTOMATIC_LABEL}`}>
      <header className="ck-pix-header">
        <h2 className="ck-pix-title">Assine com {PIX_AUTOMATIC_LABEL}</h2>
        <p className="ck-pix-amount">{formatCents(firstAmountCents)}</p>
        <p className="ck-pix-customer">{customerName}</p>
      </header>
      <p className="ck-muted" data-testid="pix-automatic-hint">
        {PIX_AUTOMATIC_HINT}
        {amountCents !== null ? ` (${formatCents(amountCents)} por cobrança; cancele quando quiser).` : '.'}
      </p>
      {qrExpiresAt && <p className="ck-pix-countdown ck-muted">Válido até {formatDateTime(qrExpiresAt)}</p>}
      <div className="ck-pix-qr">
        <QRCodeSVG value={qrcode} level="M" size={180} marginSize={2} title="QR Code Pix Automático" />
      </div>
      <CopyButton text={qrcode} label="Copiar Código PIX" doneLabel="Código Copiado!" />
      <div className="ck-pix-code">
        <span className="ck-pix-code-label">Código PIX copia e cola</span>
        <code data-testid="pix-automatic-code">{qrcode}</code>
      </div>
      <ol className="ck-pix-steps">
        <li>Abra o aplicativo do seu banco e escolha pagar com PIX.</li>
        <li>Escaneie o QR Code ou cole o código copiado em “PIX Copia e Cola”.</li>
        <li>Confira o valor e o recebedor, pague e autorize o Pix Automático. Esta página se atualiza sozinha.</li>
      </ol>
      {sandbox && <SandboxPay gatewayId={gatewayId} onDone={() => onSimulated?.()} />}
    </section>
  )
}

/** Only against the built-in sandbox: what the payer's bank app does (pays the QR and grants the authorisation). */
function SandboxPay({ gatewayId, onDone }: { gatewayId: string; onDone: () => void }) {
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null)
  async function pay() {
    setBusy(true)
    try {
      await simulateSandbox(`/sandbox/pix-automatic/authorizations/${encodeURIComponent(gatewayId)}/pay`)
      setResult({ ok: true, message: 'Pagamento e autorização simulados! Aguardando confirmação...' })
      onDone()
    } catch (err) {
      setResult({ ok: false, message: simulationError(err) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="ck-pix-sandbox">
      <p>Ambiente de testes (sandbox): nenhum dinheiro real é movimentado.</p>
      <Button variant="secondary" block loading={busy} loadingText="Simulando..." onClick={pay}>
        Simular pagamento
      </Button>
      {result && <Alert tone={result.ok ? 'success' : 'danger'}>{result.message}</Alert>}
    </div>
  )
}
