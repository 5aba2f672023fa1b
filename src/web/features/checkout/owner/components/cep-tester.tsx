import { useState } from 'react'
import { formatCep, isValidCep } from '../../../../../shared/br'
import { computeQuote, pickZipRule, shippingOptionInputSchema } from '../../../../../shared/checkout'
import { formatCents, toCents } from '../../../../../shared/money'
import { Input } from '../../../../ui'

/** Tries the option being edited against a CEP and a subtotal, with the same rules the server quotes with. */
export function CepTester({ values }: { values: unknown }) {
  const [cep, setCep] = useState('')
  const [subtotal, setSubtotal] = useState('')
  const parsed = shippingOptionInputSchema.safeParse(values)
  const subtotalCents = toCents(Number(subtotal.replace(',', '.')) || 0)

  let result: string
  if (!isValidCep(cep)) result = 'Digite um CEP para simular.'
  else if (!parsed.success) result = 'Corrija o formulário para simular.'
  else {
    const v = parsed.data
    const terms = {
      id: 'preview',
      name: v.name,
      description: v.description,
      basePriceCents: toCents(v.basePrice),
      freeShippingThresholdCents: v.freeShippingThreshold === null ? null : toCents(v.freeShippingThreshold),
      estimatedDays: v.estimatedDays,
      zipCodeRules: v.zipCodeRules,
    }
    const q = computeQuote(terms, cep, subtotalCents)
    const rule = pickZipRule(v.zipCodeRules, cep)
    const price = q.isFree ? `GRÁTIS (de ${formatCents(q.originalPriceCents)})` : formatCents(q.priceCents)
    result = `${price} · ${q.estimatedDelivery} · ${rule ? `regra "${rule.name}"` : 'sem regra (preço base)'}`
  }

  return (
    <div className="cep-tester">
      <strong className="small">Simular frete</strong>
      <div className="cep-tester-row">
        <Input
          label="CEP"
          inputMode="numeric"
          placeholder="00000-000"
          value={cep}
          onChange={(e) => setCep(formatCep(e.target.value))}
        />
        <Input
          label="Subtotal (R$)"
          inputMode="decimal"
          placeholder="0,00"
          value={subtotal}
          onChange={(e) => setSubtotal(e.target.value)}
        />
      </div>
      <p className="small" data-testid="cep-tester-result">
        {result}
      </p>
    </div>
  )
}
