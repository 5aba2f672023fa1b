/**
 * The buyer's PIX payment screen (spec 001 §2 'PIX payment screen'): amount, customer, a 30:00 countdown, the QR
 * code (level M, 180 px narrow / 220 px), 'Copiar Código PIX' → 'Código Copiado!' for 3 s, the code and three steps.
 * Imported by the buyer checkout chunk: only react, qrcode.react, src/web/ui and src/shared here.
 */
import { QRCodeSVG } from 'qrcode.react'
import { useEffect, useState } from 'react'
import { formatBRL } from '../../../../shared/money'
import { COPY_FEEDBACK_MS, PIX_COUNTDOWN_SECONDS } from '../../../../shared/pix-screen'
import { copyText } from '../../../lib/clipboard'
import { Alert, Button } from '../../../ui'
import './pix-payment.css'

export interface PixPaymentProps {
  amountReais: number
  customerName: string
  pixCode: string
  /** Only against the built-in sandbox: shows 'Simular pagamento' for this gateway transaction. */
  sandboxGatewayId?: string | null
  /** Called after the sandbox accepted the simulated payment. */
  onSimulated?: () => void
}

const NARROW_QUERY = '(max-width: 480px)'

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

function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(seconds)
  useEffect(() => {
    const endsAt = Date.now() + seconds * 1000
    const timer = setInterval(() => {
      const next = Math.max(0, Math.round((endsAt - Date.now()) / 1000))
      setLeft(next)
      if (next === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [seconds])
  return left
}

const mmss = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`

export function PixPayment({ amountReais, customerName, pixCode, sandboxGatewayId, onSimulated }: PixPaymentProps) {
  const narrow = useNarrow()
  const left = useCountdown(PIX_COUNTDOWN_SECONDS)
  const [copied, setCopied] = useState(false)
  const [copyFailed, setCopyFailed] = useState(false)
  const [simulating, setSimulating] = useState(false)
  const [simulation, setSimulation] = useState<{ ok: boolean; message: string } | null>(null)

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS)
    return () => clearTimeout(timer)
  }, [copied])

  async function copy() {
    try {
      await copyText(pixCode)
      setCopyFailed(false)
      setCopied(true)
    } catch {
      setCopyFailed(true)
    }
  }

  async function simulate() {
    if (!sandboxGatewayId) return
    setSimulating(true)
    try {
      const res = await fetch(`/sandbox/ativopay/v1/transactions/${encodeURIComponent(sandboxGatewayId)}/pay`, {
        method: 'POST',
        signal: AbortSignal.timeout(15_000),
      })
      const body = (await res.json().catch(() => ({}))) as { message?: string }
      if (!res.ok) throw new Error(body.message || 'Não foi possível simular o pagamento')
      setSimulation({ ok: true, message: 'Pagamento simulado! Aguardando confirmação...' })
      onSimulated?.()
    } catch (err) {
      setSimulation({ ok: false, message: err instanceof Error ? err.message : 'Não foi possível simular o pagamento' })
    } finally {
      setSimulating(false)
    }
  }

  return (
    <section className="pix-payment" aria-label="Pagamento PIX">
      <header className="pix-header">
        <h2 className="pix-title">Pague com PIX</h2>
        <p className="pix-amount">{formatBRL(amountReais)}</p>
        <p className="pix-customer">{customerName}</p>
      </header>

      <div className={left > 0 ? 'pix-countdown' : 'pix-countdown pix-countdown-over'} aria-live="polite">
        {left > 0 ? (
          <>
            Este código expira em <strong data-testid="pix-countdown">{mmss(left)}</strong>
          </>
        ) : (
          <>
            <strong data-testid="pix-countdown">00:00</strong> Tempo esgotado. Gere um novo código se ainda não pagou.
          </>
        )}
      </div>

      <div className="pix-qr">
        <QRCodeSVG value={pixCode} level="M" size={narrow ? 180 : 220} marginSize={2} title="QR Code PIX" />
      </div>

      <Button variant={copied ? 'success' : 'primary'} block onClick={copy}>
        {copied ? 'Código Copiado!' : 'Copiar Código PIX'}
      </Button>
      {copyFailed && (
        <Alert tone="warning">Não foi possível copiar. Selecione o código abaixo e copie manualmente.</Alert>
      )}

      <div className="pix-code">
        <span className="pix-code-label">Código PIX copia e cola</span>
        <code data-testid="pix-code">{pixCode}</code>
      </div>

      <ol className="pix-steps">
        <li>Abra o aplicativo do seu banco e escolha pagar com PIX.</li>
        <li>Escaneie o QR Code ou cole o código copiado em “PIX Copia e Cola”.</li>
        <li>Confira o valor e o recebedor e confirme o pagamento.</li>
      </ol>

      {sandboxGatewayId && (
        <div className="pix-sandbox">
          <p>Ambiente de testes (sandbox): nenhum dinheiro real é movimentado.</p>
          <Button variant="secondary" block loading={simulating} loadingText="Simulando..." onClick={simulate}>
            Simular pagamento
          </Button>
          {simulation && <Alert tone={simulation.ok ? 'success' : 'danger'}>{simulation.message}</Alert>}
        </div>
      )}
    </section>
  )
}

export default PixPayment
