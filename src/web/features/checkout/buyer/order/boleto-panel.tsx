import { formatBRL } from '../../../../../shared/money'
import type { OrderPagePayment } from '../../../../../shared/order-page'
import { CopyButton } from './copy-button'
import { formatBoletoLine } from './format'
import './payment-box.css'

const dueFmt = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' })

/** The boleto to pay: amount, due date, the line in groups with a copy button, and 'Pagar Agora' (the PDF). */
export function BoletoPanel({ payment, amount }: { payment: OrderPagePayment; amount: number }) {
  const url = payment.boletoUrl ?? payment.paymentUrl
  const line = payment.boletoLine
  return (
    <section className="ck-pix" aria-label="Pagamento por boleto">
      <header className="ck-pix-header">
        <h2 className="ck-pix-title">Pague o boleto</h2>
        <p className="ck-pix-amount">{formatBRL(amount)}</p>
        {payment.boletoDueDate && (
          <p>
            Vencimento:{' '}
            <strong data-testid="boleto-due">{dueFmt.format(new Date(`${payment.boletoDueDate}T12:00:00Z`))}</strong>
          </p>
        )}
      </header>
      {line && (
        <>
          <div className="ck-pix-code">
            <span className="ck-pix-code-label">Linha digitável</span>
            <code data-testid="boleto-line">{formatBoletoLine(line)}</code>
          </div>
          <CopyButton text={line.replace(/\D/g, '')} label="Copiar linha digitável" doneLabel="Linha copiada!" />
        </>
      )}
      {url && (
        <a className="btn btn-secondary btn-lg btn-block" href={url} target="_blank" rel="noopener noreferrer">
          Pagar Agora
        </a>
      )}
      <p className="ck-muted">
        O pagamento do boleto pode levar até 3 dias úteis para ser confirmado. Esta página se atualiza sozinha.
      </p>
    </section>
  )
}
