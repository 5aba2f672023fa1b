import { ORDER_PAYMENT_LABELS, ORDER_STATUS_LABELS, type OrderStatus } from '../../../../shared/ordering-rules'
import { Input, Select } from '../../../ui'
import { DATE_FILTERS, type DateFilter, type OrderFilters } from '../model'

export function OrderFiltersBar({ value, onChange }: { value: OrderFilters; onChange: (next: OrderFilters) => void }) {
  return (
    <div className="orders-filters">
      <Input
        label="Buscar"
        type="search"
        placeholder="Número, cliente ou e-mail"
        value={value.search}
        onChange={(e) => onChange({ ...value, search: e.target.value })}
      />
      <Select
        label="Status"
        value={value.status}
        onChange={(e) => onChange({ ...value, status: e.target.value as OrderStatus | 'all' })}
        options={Object.entries(ORDER_STATUS_LABELS).map(([code, label]) => ({ value: code, label }))}
      >
        <option value="all">Todos os status</option>
      </Select>
      <Select
        label="Pagamento"
        value={value.payment}
        onChange={(e) => onChange({ ...value, payment: e.target.value as OrderFilters['payment'] })}
        options={Object.entries(ORDER_PAYMENT_LABELS).map(([code, label]) => ({ value: code, label }))}
      >
        <option value="all">Todos os pagamentos</option>
      </Select>
      <Input
        label="Cupom"
        type="search"
        placeholder="Código do cupom"
        value={value.coupon}
        onChange={(e) => onChange({ ...value, coupon: e.target.value })}
      />
      <Select
        label="Data"
        value={value.date}
        onChange={(e) => onChange({ ...value, date: e.target.value as DateFilter })}
        options={DATE_FILTERS}
      />
    </div>
  )
}
