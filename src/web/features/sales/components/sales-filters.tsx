import { zodResolver } from '@hookform/resolvers/zod'
import { type Resolver, useForm } from 'react-hook-form'
import { SALE_PAYMENT_METHODS, SALE_STATUSES, type SalesQuery, salesQuerySchema } from '../../../../shared/sales'
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

/** The filter panel; the route's own schema judges it, so the browser shows the server's messages. */
export function SalesFiltersPanel({ onApply }: { onApply: (filters: SalesFilters) => void }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FilterForm, unknown, SalesQuery>({
    // The schema's preprocess steps accept any input; the form feeds it strings.
    resolver: zodResolver(salesQuerySchema) as unknown as Resolver<FilterForm, unknown, SalesQuery>,
    defaultValues: BLANK,
  })

  const apply = handleSubmit(({ page: _page, limit: _limit, ...filters }) => onApply(filters))

  return (
    <form className="sales-filters" onSubmit={apply} noValidate aria-label="Filtros de vendas">
      <Select label="Status" error={errors.status?.message} {...register('status')}>
        <option value="">Todos</option>
        {SALE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
      <Input
        label="Cliente"
        type="search"
        placeholder="Nome do cliente"
        error={errors.customerName?.message}
        {...register('customerName')}
      />
      <Select label="Pagamento" error={errors.paymentMethod?.message} {...register('paymentMethod')}>
        <option value="">Todos</option>
        {SALE_PAYMENT_METHODS.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </Select>
      <Input
        label="Cupom"
        type="search"
        placeholder="Código do cupom"
        error={errors.coupon?.message}
        {...register('coupon')}
      />
      <Input label="Data inicial" type="date" error={errors.startDate?.message} {...register('startDate')} />
      <Input label="Data final" type="date" error={errors.endDate?.message} {...register('endDate')} />
      <Input
        label="Valor mínimo (R$)"
        type="number"
        min={0}
        step={0.01}
        inputMode="decimal"
        placeholder="0,00"
        error={errors.minAmount?.message}
        {...register('minAmount')}
      />
      <Input
        label="Valor máximo (R$)"
        type="number"
        min={0}
        step={0.01}
        inputMode="decimal"
        placeholder="0,00"
        error={errors.maxAmount?.message}
        {...register('maxAmount')}
      />
      <div className="sales-filters-actions">
        <Button type="submit">Filtrar</Button>
        <Button
          variant="secondary"
          onClick={() => {
            reset(BLANK)
            onApply({})
          }}
        >
          Limpar
        </Button>
      </div>
    </form>
  )
}
