import { QRCodeSVG } from 'qrcode.react'
import { useState } from 'react'
import { formatDateTime } from '../../../../../shared/dates'
import { formatBRL } from '../../../../../shared/money'
import type { OrderPagePayment } from '../../../../../shared/order-page'
import { Alert, Button } from '../../../../ui'
import { CopyButton } from './copy-button'
import { formatCountdown } from './format'
import { useSecondsLeft } from './use-seconds-left'

/**
 * The PIX to pay: amount, the countdown to the code's real expiry (from the gateway), QR code, 'Copiar Código PIX'
 * and the code. Once it has expired the code is hidden and 'Gerar novo código' asks the server for a new one.
 */
export function PixPanel({
  payment,
  amount,
  customerName,
  renewing,
  renewError,
  onRenew,
  onSimulated,
}: {
  payment: OrderPagePayment
  amount: number
  customerName: string
  renewing: boolean
  renewError: string | undefined
  onRenew: () => void
  onSimulated: () => void
}) {
  const left = useSecondsLeft(payment.pixExpiresAt)
  const expired = payment.status === 'EXPIRED' || left === 0

  if (expired)
    return (
      <section className="ck-pix" aria-label="Pagamento PIX">
        <h2 className="ck-pix-title">Código PIX expirado</h2>
        <p className="ck-muted">
          O prazo para pagar este código terminou e ele não pode mais ser pago. Gere um novo código para o mesmo pedido.
        </p>
        {payment.canRenew ? (
          <Button block size="lg" loading={renewing} loadingText="Gerando..." onClick={onRenew}>
            Gerar novo código
          </Button>
        ) : (
          <p className="ck-muted" aria-live="polite">
            Atualizando o pedido...
          </p>
        )}
        {renewError && <Alert tone="danger">{renewError}</Alert>}
      </section>
    )

  const code = payment.pixCode ?? ''
  return (
    <section className="ck-pix" aria-label="Pagamento PIX">
      <header className="ck-pix-header">
        <h2 className="ck-pix-title">Pague com PIX</h2>
        <p className="ck-pix-amount">{formatBRL(amount)}</p>
        <p className="ck-pix-customer">{customerName}</p>
      </header>
      {left !== null && (
        <p className="ck-pix-countdown">
          Este código expira em <strong data-testid="pix-countdown">{formatCountdown(left)}</strong>
          <br />
          <span className="ck-muted">Válido até {formatDateTime(payment.pixExpiresAt)}</span>
        </p>
      )}
      <div className="ck-pix-qr">
        <QRCodeSVG value={code} level="M" size={180} marginSize={2} title="QR Code PIX" />
      </div>
      <CopyButton text={code} label="Copiar Código PIX" doneLabel="Código Copiado!" />
      <div className="ck-pix-code">
        <span className="ck-pix-code-label">Código PIX copia e cola</span>
        <code data-testid="pix-code">{code}</code>
      </div>
      <ol className="ck-pix-steps">
        <li>Abra o aplicativo do seu banco e escolha pagar com PIX.</li>
        <li>Escaneie o QR Code ou cole o código copiado em “PIX Copia e Cola”.</li>
        <li>Confira o valor e o recebedor e confirme o pagamento. Esta página se atualiza sozinha.</li>
      </ol>
      {payment.sandboxGatewayId && <SandboxActions gatewayId={payment.sandboxGatewayId} onDone={onSimulated} />}
    </section>
  )
}

/** Only against the built-in sandbox: what the buyer's bank (pay) or the clock (expire) would do. */
function SandboxActions({ gatewayId, onDone }: { gatewayId: string; onDone: () => void }) {
  const [busy, setBusy] = useState<'pay' | 'expire' | null>(null)
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null)

  async function run(action: 'pay' | 'expire') {
    setBusy(action)
    try {
      const res = await fetch(`/sandbox/ativopay/v1/transactions/${encodeURIComponent(gatewayId)}/${action}`, {
        method: 'POST',
        signal: AbortSignal.timeout(15_000),
      })
      const body = (await res.json().catch(() => ({}))) as { message?: string }
      if (!res.ok) throw new Error(body.message || 'Não foi possível simular')
      setResult({
        ok: true,
        message: action === 'pay' ? 'Pagamento simulado! Aguardando confirmação...' : 'Expiração simulada.',
      })
      onDone()
    } catch (err) {
      setResult({ ok: false, message: err instanceof Error ? err.message : 'Não foi possível simular' })
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="ck-pix-sandbox">
      <p>Ambiente de testes (sandbox): nenhum dinheiro real é movimentado.</p>
      <Button variant="secondary" block loading={busy === 'pay'} loadingText="Simulando..." onClick={() => run('pay')}>
        Simular pagamento
      </Button>
      <Button
        variant="secondary"
        block
        loading={busy === 'expire'}
        loadingText="Simulando..."
        onClick={() => run('expire')}
      >
        Simular expiração
      </Button>
      {result && <Alert tone={result.ok ? 'success' : 'danger'}>{result.message}</Alert>}
    </div>
  )
}
