import { type FormEvent, useState } from 'react'
import { ApiError } from '../../../lib/api'
import { Alert, Button, Card, Input } from '../../../ui'
import { useAdvanceTestClock, useTestClock } from '../api/settings'
import { formatDateTime } from '../model'

/** yyyy-mm-dd of an instant in São Paulo's calendar (the date input's value). */
function dayOf(iso: string): string {
  return new Date(iso).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' })
}

/**
 * 'Relógio de teste' (sandbox stores only): moves the store's billing time to a chosen day and waits until every
 * renewal, retry and e-mail due by then has run. A store on a real gateway gets a 403 and sees nothing here.
 */
export function TestClockCard({ storeId }: { storeId: string }) {
  const clock = useTestClock(storeId)
  const advance = useAdvanceTestClock(storeId)
  const [day, setDay] = useState('')
  if (!clock.data) return null
  const current = dayOf(clock.data.now)

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!day) return
    // Noon in São Paulo: the chosen day whatever the hour the renewals are due at.
    advance.mutate(new Date(`${day}T12:00:00-03:00`).toISOString(), { onSuccess: () => setDay('') })
  }
  const failure = advance.error instanceof ApiError ? advance.error.message : advance.error?.message

  return (
    <Card title="Relógio de teste" data-testid="test-clock">
      <p className="muted">
        Loja em sandbox: avance o tempo para ver renovações, recusas e e-mails acontecerem. Agora na loja:{' '}
        <strong data-testid="test-clock-now">{formatDateTime(clock.data.now)}</strong>
      </p>
      <form className="sub-clock" onSubmit={submit} noValidate aria-label="Relógio de teste">
        <Input
          label="Avançar até"
          type="date"
          min={current}
          value={day}
          onChange={(e) => {
            setDay(e.target.value)
            advance.reset()
          }}
        />
        <Button type="submit" disabled={!day || day <= current} loading={advance.isPending} loadingText="Avançando...">
          Avançar
        </Button>
      </form>
      {failure && <Alert tone="danger">{failure}</Alert>}
    </Card>
  )
}
