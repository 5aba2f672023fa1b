import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form'
import {
  SALE_PAYMENT_METHODS,
  SALE_PAYMENT_ORDERS,
  SALE_STATUSES,
  type SalesQuery,
  salesQuerySchema,
} from '../../../../shared/sales'
import { fieldBinder } from '../../../lib/form-field'
import { Button, Input, Select } from '../../../ui'
import type { SalesFilters } from '../api/get-sales'

interface FilterForm {
  status: string
  customerName: string
  paymentMethod: string
  coupon: string
  startDate: string
  endDate: string
  minAmount: string
  maxAmount: string
}

const BLANK: FilterForm = {
  status: '',
  customerName: '',
  paymentMethod: '',
  coupon: '',
  startDate: '',
  endDate: '',
  minAmount: '',
  maxAmount: '',
}

/**
 * Dates are typed as dd/mm/aaaa: a native date input follows the browser's locale (mm/dd/yyyy in an en-US Chromium,
 * whatever the page's lang says), so a masked text field is the only way every merchant reads the Brazilian order.
 */
export function maskDate(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 8)
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4)].filter(Boolean).join('/')
}

/** dd/mm/aaaa → AAAA-MM-DD for the API; anything else goes on as typed, for the schema to refuse. */
export function toIsoDate(text: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim())
  return m ? `${m[3]}-${m[2]}-${m[1]}` : text.trim()
}

const DATE_HINT = /\(use AAAA-MM-DD\)/

/** The route's schema, fed ISO dates; its date hints are re-worded for the dd/mm/aaaa the merchant types. */
const schemaResolver = zodResolver(salesQuerySchema) as unknown as Resolver<FilterForm, unknown, SalesQuery>
const resolver: Resolver<FilterForm, unknown, SalesQuery> = async (values, context, options) => {
  const result = await schemaResolver(
    { ...values, startDate: toIsoDate(values.startDate), endDate: toIsoDate(values.endDate) },
    context,
    options,
  )
  const errors = result.errors as FieldErrors<FilterForm>
  for (const key of ['startDate', 'endDate'] as const) {
    const e = errors[key]
    if (e?.message) e.message = e.message.replace(DATE_HINT, '(use DD/MM/AAAA)')
  }
  return result
}

/** Only the methods a sale can have: the spec's 'Transferência' and 'Dinheiro' match no order of ours. */
const PAYMENT_OPTIONS = SALE_PAYMENT_METHODS.filter((label) => SALE_PAYMENT_ORDERS[label].length > 0)

/** The minimum and maximum amount boxes: reais, to the cent. */
const AMOUNT_BOX = { type: 'number', min: 0, step: 0.01, inputMode: 'decimal', placeholder: '0,00' } as const

/** Filters in use, for the count on the 'Filtros' button while the panel is closed. */
const activeCount = (filters: SalesFilters) =>
  Object.values(filters).filter((v) => v !== undefined && v !== null && v !== '').length

/** Open on a desktop; on a phone (under 640 px) closed, so the first sale shows without scrolling. */
const startsOpen = () => typeof window === 'undefined' || window.matchMedia('(min-width: 640px)').matches

/** The filter panel; the route's own schema judges it, so the browser shows the server's messages. */
export function SalesFiltersPanel({ onApply }: { onApply: (filters: SalesFilters) => void }) {
  const formId = useId()
  const [open, setOpen] = useState(startsOpen)
  const [active, setActive] = useState(0)
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FilterForm, unknown, SalesQuery>({ resolver, defaultValues: BLANK })
  const field = fieldBinder(register, errors)

  const apply = handleSubmit(({ page: _page, limit: _limit, ...filters }) => {
    setActive(activeCount(filters))
    onApply(filters)
  })

  /** The date fields re-mask on every keystroke: digits only, slashes put in for the merchant. */
  const dateField = (name: 'startDate' | 'endDate') => {
    const bound = field(name)
    return {
      ...bound,
      inputMode: 'numeric' as const,
      placeholder: 'dd/mm/aaaa',
      maxLength: 10,
      autoComplete: 'off',
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
        e.target.value = maskDate(e.target.value)
        return bound.onChange(e)
      },
    }
  }

  return (
    <div className="sales-filters-panel">
      <Button
        variant="secondary"
        size="sm"
        className="sales-filters-toggle"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((o) => !o)}
      >
        Filtros{active > 0 ? ` (${active})` : ''}
      </Button>
      <form
        id={formId}
        className="sales-filters"
        onSubmit={apply}
        noValidate
        aria-label="Filtros de vendas"
        hidden={!open}
      >
        <Select label="Status" {...field('status')} options={SALE_STATUSES}>
          <option value="">Todos</option>
        </Select>
        <Input label="Cliente" type="search" placeholder="Nome do cliente" {...field('customerName')} />
        <Select label="Pagamento" {...field('paymentMethod')} options={PAYMENT_OPTIONS}>
          <option value="">Todos</option>
        </Select>
        <Input label="Cupom" type="search" placeholder="Código do cupom" {...field('coupon')} />
        <Input label="Data inicial" {...dateField('startDate')} />
        <Input label="Data final" {...dateField('endDate')} />
        <Input label="Valor mínimo (R$)" {...AMOUNT_BOX} {...field('minAmount')} />
        <Input label="Valor máximo (R$)" {...AMOUNT_BOX} {...field('maxAmount')} />
        <div className="sales-filters-actions">
          <Button type="submit">Filtrar</Button>
          <Button
            variant="secondary"
            onClick={() => {
              reset(BLANK)
              setActive(0)
              onApply({})
            }}
          >
            Limpar
          </Button>
        </div>
      </form>
    </div>
  )
}
