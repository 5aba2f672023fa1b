import type { FormEvent } from 'react'
import {
  BUMP_DISCOUNT_LABELS,
  BUMP_DISCOUNT_TYPES,
  BUMP_MESSAGES,
  BUMP_POSITION_LABELS,
  BUMP_POSITIONS,
  BUMP_TEMPLATE_LABELS,
  BUMP_TEMPLATES,
  type BumpDiscountType,
  bumpInputSchema,
  DEFAULT_BUTTON_COLOR,
  type OrderBump,
} from '../../../../shared/marketing'
import { formatBRL } from '../../../../shared/money'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Button, Card, Checkbox, Input, Select, Textarea } from '../../../ui'
import { type StoreProductOption, useSaveBump } from '../api/bumps'
import { useDraft } from './use-draft'

interface FormValues {
  title: string
  description: string
  productId: string
  discountType: BumpDiscountType
  discountValue: string
  originalPrice: string
  position: (typeof BUMP_POSITIONS)[number]
  template: (typeof BUMP_TEMPLATES)[number]
  buttonText: string
  buttonColor: string
  active: boolean
  minCartValue: string
  maxCartValue: string
  showOnProducts: string[]
}

/** An amount in reais: a number field with a decimal keypad, in cents. */
const MONEY = { type: 'number', inputMode: 'decimal', min: 0, step: 0.01 } as const

const str = (n: number | null | undefined) => (n == null ? '' : String(n))

function initialValues(bump?: OrderBump): FormValues {
  return {
    title: bump?.title ?? '',
    description: bump?.description ?? '',
    productId: bump?.productId ?? '',
    discountType: bump?.discountType ?? 'NONE',
    discountValue: str(bump?.discountValue),
    originalPrice: str(bump?.originalPrice),
    position: bump?.position ?? 'BEFORE_PAYMENT',
    template: bump?.template ?? 'SIMPLE',
    buttonText: bump?.buttonText ?? '',
    buttonColor: bump?.buttonColor ?? DEFAULT_BUTTON_COLOR,
    active: bump?.active ?? true,
    minCartValue: str(bump?.minCartValue),
    maxCartValue: str(bump?.maxCartValue),
    showOnProducts: bump?.showOnProducts ?? [],
  }
}

/** Spec 002 §5: only non-empty optional fields are sent; discountValue only with a discount. */
function toPayload(v: FormValues, editing: boolean) {
  const body: Record<string, unknown> = {
    title: v.title,
    productId: v.productId,
    discountType: v.discountType,
    position: v.position,
    template: v.template,
    buttonColor: v.buttonColor,
    active: v.active,
    description: v.description.trim() || (editing ? null : undefined),
  }
  if (v.discountType !== 'NONE') body.discountValue = v.discountValue
  else if (editing) body.discountValue = null
  const optional = { originalPrice: v.originalPrice, minCartValue: v.minCartValue, maxCartValue: v.maxCartValue }
  for (const [k, value] of Object.entries(optional)) {
    if (value.trim()) body[k] = value
    else if (editing) body[k] = null
  }
  if (v.buttonText.trim()) body.buttonText = v.buttonText.trim()
  else if (editing) body.buttonText = null
  if (v.showOnProducts.length > 0 || editing) body.showOnProducts = v.showOnProducts
  return body
}

/** 'Criar Novo Order Bump' / 'Editar Order Bump': four sections, checked with the API's own schema. */
export function BumpForm({
  storeId,
  bump,
  products,
  onDone,
}: {
  storeId: string
  bump?: OrderBump
  products: StoreProductOption[]
  onDone: () => void
}) {
  const { values, set, field, setErrors, check } = useDraft(() => initialValues(bump))
  const save = useSaveBump(storeId)
  const product = products.find((p) => p.id === values.productId)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const body = toPayload(values, !!bump)
    if (!check(bumpInputSchema, body)) return
    try {
      await save.mutateAsync({ id: bump?.id, body })
      toast.success(bump ? BUMP_MESSAGES.updated : BUMP_MESSAGES.created)
      onDone()
    } catch (err) {
      if (err instanceof ApiError && err.errors) setErrors(err.errors)
      toast.error(err instanceof ApiError && err.status === 400 ? err.message : BUMP_MESSAGES.saveFailed)
    }
  }

  return (
    <form className="mk-form" onSubmit={submit} noValidate>
      <h2 className="mk-form-title">{bump ? 'Editar Order Bump' : 'Criar Novo Order Bump'}</h2>
      <Card title="Informações básicas">
        <Input label="Título *" {...field('title')} placeholder="Ex.: Leve também o boné" />
        <Textarea
          label="Descrição"
          value={values.description}
          rows={2}
          onChange={(e) => set('description', e.target.value)}
        />
        <Select label="Produto *" {...field('productId')}>
          <option value="">Selecione um produto</option>
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} — {formatBRL(p.price)}
            </option>
          ))}
        </Select>
      </Card>
      <Card title="Desconto especial">
        <Select
          label="Tipo de desconto"
          value={values.discountType}
          onChange={(e) => set('discountType', e.target.value as BumpDiscountType)}
          options={BUMP_DISCOUNT_TYPES.map((t) => ({ value: t, label: BUMP_DISCOUNT_LABELS[t] }))}
        />
        {values.discountType !== 'NONE' && (
          <Input
            label={values.discountType === 'PERCENTAGE' ? 'Desconto (%)' : 'Desconto (R$)'}
            type="number"
            inputMode="decimal"
            min={0}
            step={values.discountType === 'PERCENTAGE' ? 1 : 0.01}
            max={values.discountType === 'PERCENTAGE' ? 100 : undefined}
            {...field('discountValue')}
          />
        )}
        <Input
          label="Preço original (R$)"
          {...MONEY}
          {...field('originalPrice')}
          hint={product ? `Vazio: o preço do produto (${formatBRL(product.price)})` : 'Vazio: o preço do produto'}
        />
      </Card>
      <Card title="Aparência e posição">
        <Select
          label="Posição"
          value={values.position}
          onChange={(e) => set('position', e.target.value as FormValues['position'])}
          options={BUMP_POSITIONS.map((p) => ({ value: p, label: BUMP_POSITION_LABELS[p] }))}
        />
        <Select
          label="Modelo"
          value={values.template}
          onChange={(e) => set('template', e.target.value as FormValues['template'])}
          options={BUMP_TEMPLATES.map((t) => ({ value: t, label: BUMP_TEMPLATE_LABELS[t] }))}
        />
        <Input
          label="Texto do botão"
          value={values.buttonText}
          placeholder="Adicionar ao pedido"
          onChange={(e) => set('buttonText', e.target.value)}
        />
        <Input label="Cor do botão" type="color" {...field('buttonColor')} />
        <Checkbox
          label={values.active ? 'Ativa' : 'Inativa'}
          checked={values.active}
          onChange={(e) => set('active', e.target.checked)}
        />
      </Card>
      <Card title="Condições de exibição">
        <Input label="Valor mínimo do carrinho (R$)" {...MONEY} {...field('minCartValue')} />
        <Input label="Valor máximo do carrinho (R$)" {...MONEY} {...field('maxCartValue')} />
        <fieldset className="mk-showon">
          <legend>Exibir nos produtos (nenhum marcado: todos)</legend>
          {products.map((p) => (
            <Checkbox
              key={p.id}
              label={p.name}
              checked={values.showOnProducts.includes(p.id)}
              onChange={(e) =>
                set(
                  'showOnProducts',
                  e.target.checked
                    ? [...values.showOnProducts, p.id]
                    : values.showOnProducts.filter((id) => id !== p.id),
                )
              }
            />
          ))}
        </fieldset>
      </Card>
      <div className="mk-form-actions">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" loading={save.isPending}>
          {bump ? 'Salvar Alterações' : 'Criar Order Bump'}
        </Button>
      </div>
    </form>
  )
}
