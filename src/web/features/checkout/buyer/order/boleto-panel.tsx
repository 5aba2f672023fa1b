import { formatBRL } from '../../../../../shared/money'
import type { OrderPagePayment } from '../../../../../shared/order-page'
import { CopyButton } from './copy-button'

/** 47 digits as the bank apps print them: 00190.00009 01234.567890 12345.678901 2 12340000012345. */
export function formatBoletoLine(line: string): string {
  const d = line.replace(/\D/g, '')
  if (d.length !== 47) return line
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`
}

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
