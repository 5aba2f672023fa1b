import { type FormEvent, useState } from 'react'
import {
  ACCOUNT_METHOD_LABELS,
  ACCOUNT_METHODS,
  type AccountFees,
  type AccountMethodName,
  accountFeesSchema,
  type PaymentAccount,
} from '../../../../shared/payment-accounts'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Button, Card, Input, Select } from '../../../ui'
import { useSaveAccountFees } from '../api/payment-accounts'

type Texts = Record<AccountMethodName, { percent: string; fixed: string }>

const show = (n: number | undefined) => (n ? (n / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 }) : '')
/** '3,99' → 399 (basis points or centavos); '' → 0; anything not a number → NaN, which the schema refuses. */
const hundredths = (text: string) => (text.trim() === '' ? 0 : Math.round(Number(text.trim().replace(',', '.')) * 100))

function textsOf(fees: AccountFees): Texts {
  const t = {} as Texts
  for (const m of ACCOUNT_METHODS) t[m] = { percent: show(fees[m]?.percentBps), fixed: show(fees[m]?.fixedCents) }
  return t
}

/**
 * 'Taxas do gateway': what each account's gateway keeps per method (e.g. card 3,99 % + R$ 0,39; PIX 0,99 %; boleto
 * R$ 3,49). Withheld from an order's net before affiliates, co-producers and the producer share it.
 */
export function AccountFeesCard({ storeId, accounts }: { storeId: string; accounts: PaymentAccount[] }) {
  const [chosen, setChosen] = useState<string>()
  const account = accounts.find((a) => a.id === chosen) ?? accounts[0]
  if (!account) return null
  return (
    <Card title="Taxas do gateway" className="payment-card payment-card-wide">
      <p className="muted">
        O que o gateway retém de cada venda. Essas taxas saem do valor líquido antes da divisão com afiliados e
        coprodutores.
      </p>
      {accounts.length > 1 && (
        <Select
          label="Conta"
          id="fees-account"
          value={account.id}
          options={accounts.map((a) => ({ value: a.id, label: a.label }))}
          onChange={(e) => setChosen(e.target.value)}
        />
      )}
      <FeesForm key={account.id} storeId={storeId} account={account} />
    </Card>
  )
}

function FeesForm({ storeId, account }: { storeId: string; account: PaymentAccount }) {
  const save = useSaveAccountFees(storeId)
  const [texts, setTexts] = useState(() => textsOf(account.fees))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const set = (m: AccountMethodName, part: 'percent' | 'fixed', value: string) =>
    setTexts((t) => ({ ...t, [m]: { ...t[m], [part]: value } }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    const fees: Record<string, { percentBps: number; fixedCents: number }> = {}
    for (const m of ACCOUNT_METHODS) {
      const fee = { percentBps: hundredths(texts[m].percent), fixedCents: hundredths(texts[m].fixed) }
      if (fee.percentBps !== 0 || fee.fixedCents !== 0 || Number.isNaN(fee.percentBps + fee.fixedCents)) fees[m] = fee
    }
    const parsed = accountFeesSchema.safeParse(fees)
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])))
      return
    }
    setErrors({})
    try {
      await save.mutateAsync({ id: account.id, fees: parsed.data })
      toast.success('Taxas salvas')
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Erro ao salvar as taxas')
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={`Taxas de ${account.label}`}>
      {ACCOUNT_METHODS.map((m) => (
        <fieldset key={m} className="gateway-form-row">
          <legend>{ACCOUNT_METHOD_LABELS[m]}</legend>
          <Input
            label="Percentual (%)"
            id={`fee-${m}-percent`}
            inputMode="decimal"
            placeholder="0,00"
            value={texts[m].percent}
            error={errors[`${m}.percentBps`]}
            onChange={(e) => set(m, 'percent', e.target.value)}
          />
          <Input
            label="Fixo (R$)"
            id={`fee-${m}-fixed`}
            inputMode="decimal"
            placeholder="0,00"
            value={texts[m].fixed}
            error={errors[`${m}.fixedCents`]}
            onChange={(e) => set(m, 'fixed', e.target.value)}
          />
        </fieldset>
      ))}
      <div>
        <Button type="submit" loading={save.isPending} loadingText="Salvando...">
          Salvar taxas
        </Button>
      </div>
    </form>
  )
}
