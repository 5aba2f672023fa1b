import { type CouponDto, type CouponInput, couponInputSchema } from '../../../../shared/coupons'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Button, Card, Checkbox, Input, Select } from '../../../ui'
import type { StoreProductOption } from '../api/bumps'
import { useSaveCoupon } from '../api/coupons'
import { useDraft } from './use-draft'

/** An ISO instant as the datetime-local input wants it (local time), and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return ''
  const d = new Date(iso)
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : null)

interface Draft {
  code: string
  discountType: 'PERCENTAGE' | 'FIXED'
  discountValue: string
  minOrderValue: string
  startsAt: string
  endsAt: string
  maxUses: string
  maxUsesPerEmail: string
  productIds: string[]
  appliesToBumps: boolean
  active: boolean
}

function draftOf(c?: CouponDto): Draft {
  return {
    code: c?.code ?? '',
    discountType: c?.discountType ?? 'PERCENTAGE',
    discountValue: c ? String(c.discountValue).replace('.', ',') : '',
    minOrderValue: c?.minOrderValue ? String(c.minOrderValue).replace('.', ',') : '',
    startsAt: toLocalInput(c?.startsAt ?? null),
    endsAt: toLocalInput(c?.endsAt ?? null),
    maxUses: c?.maxUses ? String(c.maxUses) : '',
    maxUsesPerEmail: c?.maxUsesPerEmail ? String(c.maxUsesPerEmail) : '',
    productIds: c?.productIds ?? [],
    appliesToBumps: c?.appliesToBumps ?? false,
    active: c?.active ?? true,
  }
}

/** The coupon's rules: the same schema as the API checks, so a field's message is the server's. */
export function CouponForm({
  storeId,
  coupon,
  products,
  onDone,
}: {
  storeId: string
  coupon?: CouponDto
  products: StoreProductOption[]
  onDone: () => void
}) {
  const { values: d, set, field, errors, setErrors, check } = useDraft(() => draftOf(coupon))
  const save = useSaveCoupon(storeId)

  async function submit() {
    const body: CouponInput = {
      ...d,
      startsAt: fromLocalInput(d.startsAt),
      endsAt: fromLocalInput(d.endsAt),
    }
    if (!check(couponInputSchema, body)) return
    try {
      await save.mutateAsync({ id: coupon?.id, body })
      toast.success(coupon ? 'Cupom atualizado' : 'Cupom criado')
      onDone()
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(err.errors ?? {})
        toast.error(err.message)
      } else toast.error('Erro ao salvar o cupom')
    }
  }

  const toggleProduct = (id: string) =>
    set('productIds', d.productIds.includes(id) ? d.productIds.filter((p) => p !== id) : [...d.productIds, id])

  return (
    <Card title={coupon ? `Editar cupom ${coupon.code}` : 'Novo cupom'}>
      <form
        className="mk-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <Input
          label="Código *"
          value={d.code}
          maxLength={40}
          hint="Até 40 letras, números, - ou _. Maiúsculas e minúsculas valem igual."
          error={errors.code}
          onChange={(e) => set('code', e.target.value.toUpperCase())}
        />
        <div className="mk-row">
          <Select
            label="Tipo de desconto"
            value={d.discountType}
            error={errors.discountType}
            onChange={(e) => set('discountType', e.target.value as Draft['discountType'])}
          >
            <option value="PERCENTAGE">Porcentagem (%)</option>
            <option value="FIXED">Valor fixo (R$)</option>
          </Select>
          <Input
            label={d.discountType === 'PERCENTAGE' ? 'Desconto (%) *' : 'Desconto (R$) *'}
            inputMode="decimal"
            {...field('discountValue')}
          />
        </div>
        <Input label="Valor mínimo do pedido (R$)" inputMode="decimal" {...field('minOrderValue')} />
        <div className="mk-row">
          <Input label="Início" type="datetime-local" {...field('startsAt')} />
          <Input label="Término" type="datetime-local" {...field('endsAt')} />
        </div>
        <div className="mk-row">
          <Input label="Usos no total" inputMode="numeric" hint="Em branco: sem limite." {...field('maxUses')} />
          <Input
            label="Usos por e-mail"
            inputMode="numeric"
            hint="Em branco: sem limite."
            {...field('maxUsesPerEmail')}
          />
        </div>
        <fieldset className="mk-products">
          <legend>Produtos (nenhum marcado: todos)</legend>
          {products.map((p) => (
            <Checkbox
              key={p.id}
              label={p.name}
              checked={d.productIds.includes(p.id)}
              onChange={() => toggleProduct(p.id)}
            />
          ))}
          {errors.productIds && <p className="field-error">{errors.productIds}</p>}
        </fieldset>
        <Checkbox
          label="Também dá desconto nos order bumps"
          checked={d.appliesToBumps}
          onChange={(e) => set('appliesToBumps', e.target.checked)}
        />
        <Checkbox label="Ativo" checked={d.active} onChange={(e) => set('active', e.target.checked)} />
        <div className="mk-actions">
          <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            Salvar cupom
          </Button>
        </div>
      </form>
    </Card>
  )
}
