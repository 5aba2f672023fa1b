import { type FormEvent, useState } from 'react'
import { formatCardExpiry, formatCardNumber, formatCvv } from '../../../../shared/br'
import { type CardFields, cardErrors } from '../../../../shared/ordering-rules'
import { Button, Input } from '../../../ui'
import type { CardInput } from '../api/self-service'

const EMPTY: Record<keyof CardFields, string> = { cardName: '', cardNumber: '', expiryDate: '', cvv: '' }
type Key = keyof CardFields

/** 'Atualizar cartão': the checkout's card rules field by field; the server saves it and retries a late renewal. */
export function CardForm({
  submitting,
  onSubmit,
  onCancel,
}: {
  submitting: boolean
  onSubmit: (card: CardInput) => void
  onCancel: () => void
}) {
  const [card, setCard] = useState(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({})
  const bind = (name: Key, format: (v: string) => string = (v) => v) => ({
    value: card[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setCard((c) => ({ ...c, [name]: format(e.target.value) }))
      setErrors((er) => ({ ...er, [name]: undefined }))
    },
  })
  function submit(e: FormEvent) {
    e.preventDefault()
    const found = cardErrors(card)
    setErrors(found)
    if (Object.keys(found).length === 0)
      onSubmit({ cardName: card.cardName, cardNumber: card.cardNumber, cardExpiry: card.expiryDate, cardCvv: card.cvv })
  }
  return (
    <form className="stack sub-card-form" onSubmit={submit} noValidate aria-label="Novo cartão">
      <Input label="Nome no cartão" autoComplete="cc-name" {...bind('cardName', (v) => v.toUpperCase())} />
      <Input
        label="Número do cartão"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="0000 0000 0000 0000"
        maxLength={19}
        {...bind('cardNumber', formatCardNumber)}
      />
      <div className="sub-row">
        <Input
          label="Validade"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/AA"
          maxLength={5}
          {...bind('expiryDate', formatCardExpiry)}
        />
        <Input
          label="CVV"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          {...bind('cvv', formatCvv)}
        />
      </div>
      <div className="sub-actions">
        <Button variant="secondary" onClick={onCancel} disabled={submitting}>
          Voltar
        </Button>
        <Button type="submit" loading={submitting} loadingText="Salvando...">
          Salvar cartão
        </Button>
      </div>
    </form>
  )
}
