import { useState } from 'react'
import { formatBRL } from '../../../../../shared/money'
import { Button } from '../../../../ui/button'
import { Input } from '../../../../ui/field'
import type { Pricing } from '../hooks/use-pricing'

/** 'Cupom de desconto' with 'Aplicar': the server checks the code and the discount line comes from its quote. */
export function CouponField({ coupon, discount }: { coupon: Pricing['coupon']; discount: number | undefined }) {
  const [code, setCode] = useState(coupon.initial)
  const [open, setOpen] = useState(Boolean(coupon.initial))

  if (coupon.code)
    return (
      <div className="ck-coupon ck-coupon-applied" data-testid="coupon-applied">
        <span>
          Cupom <strong>{coupon.code.toUpperCase()}</strong> aplicado
          {discount ? ` (−${formatBRL(discount)})` : ''}
        </span>
        <Button variant="secondary" size="sm" onClick={coupon.remove}>
          Remover
        </Button>
      </div>
    )

  if (!open)
    return (
      <button type="button" className="ck-link ck-coupon-toggle" onClick={() => setOpen(true)}>
        Tem um cupom de desconto?
      </button>
    )

  // A div, not a form: the coupon sits inside the payment step's form, and forms do not nest.
  const submit = () => void coupon.apply(code)
  return (
    <div className="ck-coupon">
      <Input
        label="Cupom de desconto"
        name="couponCode"
        autoComplete="off"
        autoCapitalize="characters"
        value={code}
        maxLength={40}
        error={coupon.error}
        onChange={(e) => setCode(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return
          e.preventDefault()
          submit()
        }}
      />
      <Button variant="secondary" onClick={submit} loading={coupon.applying} disabled={!code.trim()}>
        Aplicar
      </Button>
    </div>
  )
}
