import { type FormEvent, useEffect, useState } from 'react'
import { isUuid } from '../../../../shared/ids'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Button, Card, Input } from '../../../ui'
import { usePayoutSettings, useSavePayoutSettings } from '../api/payout-settings'

const INVALID = 'Informe o walletId da sua conta Asaas (formato UUID)'

/** The partner's Asaas wallet: stores that charge through Asaas pay the partner's part to it at settlement. */
export function WalletCard() {
  const { data } = usePayoutSettings()
  const save = useSavePayoutSettings()
  const [wallet, setWallet] = useState('')
  const [error, setError] = useState<string | undefined>()
  useEffect(() => setWallet(data?.asaasWalletId ?? ''), [data])

  async function submit(e: FormEvent) {
    e.preventDefault()
    const value = wallet.trim()
    if (value && !isUuid(value)) return setError(INVALID)
    setError(undefined)
    try {
      const res = await save.mutateAsync({ asaasWalletId: value || null })
      toast.success(res.message)
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Erro ao salvar')
    }
  }

  return (
    <Card title="Carteira Asaas (split)">
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <Input
          label="walletId da sua conta Asaas"
          hint="Opcional. Em lojas que cobram pelo Asaas, sua comissão é paga direto nesta carteira."
          value={wallet}
          error={error}
          autoComplete="off"
          onChange={(e) => setWallet(e.currentTarget.value)}
        />
        <div>
          <Button type="submit" disabled={save.isPending}>
            Salvar carteira
          </Button>
        </div>
      </form>
    </Card>
  )
}
