import { QRCodeSVG } from 'qrcode.react'
import { useEffect, useState } from 'react'
import { formatDateTime } from '../../../../../shared/dates'
import { formatBRL } from '../../../../../shared/money'
import { Button } from '../../../../ui/button'
import { Alert } from '../../../../ui/feedback'
import { simulateSandbox, simulationError } from '../api/simulate-sandbox'
import { CopyButton } from './copy-button'
import { formatCountdown } from './format'
import { useSecondsLeft } from './use-seconds-left'
import './payment-box.css'

/** How a new code is asked for once this one has expired (the order page). */
export interface PixRenewal {
  /** The server allows a new code now; until then the page is catching up with the expiry. */
  canRenew: boolean
  renewing: boolean
  error: string | undefined
  onRenew: () => void
}

export interface PixPanelProps {
  /** The PIX copy-and-paste code (also drawn as the QR code). */
  code: string
  /** Reais. */
  amount: number
  customerName: string
  /** When the code stops being payable: the gateway's real expiry, or the spec's 30 minutes from showing it. */
  expiresAt: string | null
  /** The server already says the charge expired. */
  expired?: boolean
  /** Without it, an expired code is only said to be expired. */
  renewal?: PixRenewal
  /** Only against the built-in sandbox: the gateway transaction 'Simular pagamento' and 'Simular expiração' act on. */
  sandboxGatewayId?: string | null
  /** After the sandbox accepted a simulation: the page reads the payment again. */
  onSimulated?: () => void
}

const NARROW_QUERY = '(max-width: 480px)'

/** The spec's QR size: 180 px on a narrow screen, 220 px otherwise. */
function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.matchMedia(NARROW_QUERY).matches)
  useEffect(() => {
    const mq = window.matchMedia(NARROW_QUERY)
    const onChange = () => setNarrow(mq.matches)
    mq.addEventListener('change', onChange)
    return () => mq.removeEventListener('change', onChange)
  }, [])
  return narrow
}

/**
 * The one PIX screen (spec 001 §2): amount, customer, the countdown to the code's expiry, the QR code (level M),
 * 'Copiar Código PIX' → 'Código Copiado!' for 3 s, the code and three steps. Once expired the code is hidden and,
 * where the page can renew it, 'Gerar novo código' asks the server for a new one. Used by the buyer's order page and
 * the merchant's /test-ativo-pay; only react, qrcode.react, src/web/ui and src/shared here (the buyer's JS budget).
 */
export function PixPanel({
  code,
  amount,
  customerName,
  expiresAt,
  expired: expiredByServer = false,
  renewal,
  sandboxGatewayId,
  onSimulated,
}: PixPanelProps) {
  const left = useSecondsLeft(expiresAt)
  const narrow = useNarrow()
  const expired = expiredByServer || left === 0

  if (expired)
    return (
      <section className="ck-pix" aria-label="Pagamento PIX">
        <h2 className="ck-pix-title">Código PIX expirado</h2>
        <p className="ck-muted">
          O prazo para pagar este código terminou e ele não pode mais ser pago.
          {renewal ? ' Gere um novo código para o mesmo pedido.' : ''}
        </p>
        {renewal &&
          (renewal.canRenew ? (
            <Button block size="lg" loading={renewal.renewing} loadingText="Gerando..." onClick={renewal.onRenew}>
              Gerar novo código
            </Button>
          ) : (
            <p className="ck-muted" aria-live="polite">
              Atualizando o pedido...
            </p>
          ))}
        {renewal?.error && <Alert tone="danger">{renewal.error}</Alert>}
      </section>
    )

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
          <span className="ck-muted">Válido até {formatDateTime(expiresAt)}</span>
        </p>
      )}
      <div className="ck-pix-qr">
        <QRCodeSVG value={code} level="M" size={narrow ? 180 : 220} marginSize={2} title="QR Code PIX" />
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
      {sandboxGatewayId && <SandboxActions gatewayId={sandboxGatewayId} onDone={() => onSimulated?.()} />}
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
      await simulateSandbox(`/sandbox/ativopay/v1/transactions/${encodeURIComponent(gatewayId)}/${action}`)
      setResult({
        ok: true,
        message: action === 'pay' ? 'Pagamento simulado! Aguardando confirmação...' : 'Expiração simulada.',
      })
      onDone()
    } catch (err) {
      setResult({ ok: false, message: simulationError(err) })
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
