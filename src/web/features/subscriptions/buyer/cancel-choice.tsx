import { Alert, Button } from '../../../ui'
import { formatDate } from '../model'

/** 'Cancelar assinatura': at the end of the paid period (access kept until then) or now. */
export function CancelChoice({
  pending,
  error,
  accessUntil,
  onBack,
  onChoose,
}: {
  pending: boolean
  error?: string
  accessUntil: string | null
  onBack: () => void
  onChoose: (atPeriodEnd: boolean) => void
}) {
  return (
    <div className="stack sub-cancel" role="group" aria-label="Cancelar assinatura">
      <h2>Cancelar assinatura</h2>
      <p>
        No fim do período você não é mais cobrado e mantém o acesso até {formatDate(accessUntil)}. Cancelando agora, o
        acesso termina hoje.
      </p>
      {error && <Alert tone="danger">{error}</Alert>}
      <div className="sub-actions">
        <Button variant="secondary" onClick={onBack} disabled={pending}>
          Voltar
        </Button>
        <Button onClick={() => onChoose(true)} loading={pending}>
          Cancelar no fim do período
        </Button>
        <Button variant="danger" onClick={() => onChoose(false)} disabled={pending}>
          Cancelar agora
        </Button>
      </div>
    </div>
  )
}
