import { type FormEvent, useState } from 'react'
import { bpsLabel, coproducerInviteSchema } from '../../../../shared/affiliates'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Badge, Button, Card, Input, Table, TableMessage, Td, Th } from '../../../ui'
import { useCoproducers, useInviteCoproducer, useRemoveCoproducer } from '../api/affiliates'

/** 'Coprodutores' of the chosen product: invite an e-mail to a share, see who accepted, remove. */
export function CoproducersCard({ storeId, productId }: { storeId: string; productId: string }) {
  const list = useCoproducers(storeId, productId)
  const invite = useInviteCoproducer(storeId, productId)
  const remove = useRemoveCoproducer(storeId)
  const [email, setEmail] = useState('')
  const [share, setShare] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})

  async function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = coproducerInviteSchema.safeParse({
      email,
      shareBps: Math.round(Number(share.replace(',', '.')) * 100),
    })
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])))
      return
    }
    setErrors({})
    try {
      const res = await invite.mutateAsync({ email: parsed.data.email, shareBps: parsed.data.shareBps })
      toast.success(res.message)
      setEmail('')
      setShare('')
    } catch (err) {
      if (err instanceof ApiError && err.errors) setErrors(err.errors)
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível convidar')
    }
  }

  return (
    <Card title="Coprodutores">
      <form className="af-form" onSubmit={submit} noValidate aria-label="Convidar coprodutor">
        <Input
          label="E-mail do coprodutor"
          type="email"
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Input
          label="Participação (% do que sobra após o afiliado)"
          inputMode="decimal"
          value={share}
          error={errors.shareBps}
          onChange={(e) => setShare(e.currentTarget.value)}
        />
        <Button type="submit" loading={invite.isPending}>
          Convidar
        </Button>
      </form>
      <Table cards>
        <thead>
          <tr>
            <Th>E-mail</Th>
            <Th>Participação</Th>
            <Th>Situação</Th>
            <Th />
          </tr>
        </thead>
        <tbody>
          {(list.data ?? []).length === 0 && <TableMessage colSpan={4}>Nenhum coprodutor neste produto</TableMessage>}
          {(list.data ?? []).map((c) => (
            <tr key={c.id}>
              <Td label="E-mail">{c.email}</Td>
              <Td label="Participação">{bpsLabel(c.shareBps)}</Td>
              <Td label="Situação">
                <Badge tone={c.status === 'ACTIVE' ? 'success' : 'warning'}>
                  {c.status === 'ACTIVE' ? 'Ativo' : 'Convidado'}
                </Badge>
              </Td>
              <Td>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() =>
                    remove.mutateAsync(c.id).then(
                      () => toast.success('Coprodutor removido'),
                      () => toast.error('Não foi possível remover'),
                    )
                  }
                >
                  Remover
                </Button>
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  )
}
