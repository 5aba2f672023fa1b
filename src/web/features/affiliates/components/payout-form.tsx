import { type FormEvent, useState } from 'react'
import { PAYOUT_STATUS_LABELS, payoutRequestSchema } from '../../../../shared/affiliates'
import { formatCents, toCents } from '../../../../shared/money'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Button, Card, Input, Table, TableMessage, Td, Th } from '../../../ui'
import { useMyPayouts, useRequestPayout } from '../api/affiliates'

/** A payout of the available balance to a PIX key, and the payouts asked so far. */
export function PayoutCard({ availableCents }: { availableCents: number }) {
  const request = useRequestPayout()
  const list = useMyPayouts()
  const [amount, setAmount] = useState('')
  const [pixKey, setPixKey] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})

  async function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = payoutRequestSchema.safeParse({ amountCents: toCents(Number(amount.replace(',', '.'))), pixKey })
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])))
      return
    }
    setErrors({})
    try {
      const res = await request.mutateAsync(parsed.data)
      toast.success(res.message)
      setAmount('')
    } catch (err) {
      if (err instanceof ApiError && err.errors) setErrors(err.errors)
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível solicitar o saque')
    }
  }

  return (
    <Card title="Saques">
      <form className="af-form" onSubmit={submit} noValidate aria-label="Solicitar saque">
        <Input
          label={`Valor (disponível ${formatCents(Math.max(0, availableCents))})`}
          inputMode="decimal"
          value={amount}
          error={errors.amountCents}
          onChange={(e) => setAmount(e.currentTarget.value)}
        />
        <Input
          label="Chave PIX"
          value={pixKey}
          error={errors.pixKey}
          onChange={(e) => setPixKey(e.currentTarget.value)}
        />
        <Button type="submit" loading={request.isPending} disabled={availableCents <= 0}>
          Solicitar saque
        </Button>
      </form>
      <Table cards>
        <thead>
          <tr>
            <Th>Data</Th>
            <Th>Valor</Th>
            <Th>Chave PIX</Th>
            <Th>Situação</Th>
          </tr>
        </thead>
        <tbody>
          {(list.data ?? []).length === 0 && <TableMessage colSpan={4}>Nenhum saque ainda</TableMessage>}
          {(list.data ?? []).map((p) => (
            <tr key={p.id}>
              <Td label="Data">
                {new Date(p.createdAt).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}
              </Td>
              <Td label="Valor">{formatCents(p.amountCents)}</Td>
              <Td label="Chave PIX">{p.pixKey}</Td>
              <Td label="Situação">
                {PAYOUT_STATUS_LABELS[p.status]}
                {p.rejectionReason ? ` — ${p.rejectionReason}` : ''}
                {p.failureReason ? ` — ${p.failureReason}` : ''}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  )
}
