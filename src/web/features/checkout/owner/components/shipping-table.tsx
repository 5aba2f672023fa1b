import type { ShippingOption } from '../../../../../shared/checkout'
import { formatBRL } from '../../../../../shared/money'
import { Badge, RowActions, Table, Td, Th } from '../../../../ui'

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 })

const days = (n: number) => `${decimal.format(n)} ${n === 1 ? 'dia útil' : 'dias úteis'}`

/** '×1,6 +5 dias': how a zone rule changes the option. */
function ruleEffect(r: ShippingOption['zipCodeRules'][number]): string {
  const extra =
    r.additionalDays > 0 ? ` +${decimal.format(r.additionalDays)} ${r.additionalDays === 1 ? 'dia' : 'dias'}` : ''
  return `×${decimal.format(r.priceMultiplier)}${extra}`
}

export interface ShippingTableProps {
  options: ShippingOption[]
  onToggle(option: ShippingOption): void
  onEdit(option: ShippingOption): void
  onDelete(option: ShippingOption): void
}

/**
 * The store's options in five columns that fit a 1280 px screen beside the sidebar: the price column carries the
 * delivery time and the free-shipping threshold; long descriptions and CEP patterns are cut, full text on hover.
 */
export function ShippingTable({ options, onToggle, onEdit, onDelete }: ShippingTableProps) {
  return (
    <Table className="shipping-table" aria-label="Opções de frete">
      <thead>
        <tr>
          <Th>Opção</Th>
          <Th>Preço e prazo</Th>
          <Th>Regras por CEP</Th>
          <Th>Status</Th>
          <Th className="th-actions">Ações</Th>
        </tr>
      </thead>
      <tbody>
        {options.map((o) => (
          <tr key={o.id} data-testid="shipping-row">
            <Td className="shipping-option-cell">
              <div className="shipping-name truncate" title={o.name}>
                {o.name}
              </div>
              {o.description && (
                <div className="muted small truncate" title={o.description}>
                  {o.description}
                </div>
              )}
            </Td>
            <Td>
              <div className="nowrap">{formatBRL(o.basePrice)}</div>
              <div className="muted small">{days(o.estimatedDays)}</div>
              {o.freeShippingThreshold !== null && (
                <div className="muted small">grátis acima de {formatBRL(o.freeShippingThreshold)}</div>
              )}
            </Td>
            <Td className="shipping-rules-cell">
              {o.zipCodeRules.length === 0 ? (
                <span className="muted">Nenhuma</span>
              ) : (
                <ul className="plain-list small">
                  {o.zipCodeRules.map((r) => (
                    <li key={`${r.name}-${r.zipCodePattern}`} title={`${r.name}: ${r.zipCodePattern} ${ruleEffect(r)}`}>
                      <div className="truncate">
                        {r.name} <span className="muted">{ruleEffect(r)}</span>
                      </div>
                      <code className="truncate">{r.zipCodePattern}</code>
                    </li>
                  ))}
                </ul>
              )}
            </Td>
            <Td>
              <button
                type="button"
                className="status-toggle"
                title={o.active ? 'Clique para desativar' : 'Clique para ativar'}
                onClick={() => onToggle(o)}
              >
                <Badge tone={o.active ? 'success' : 'neutral'}>{o.active ? 'Ativa' : 'Inativa'}</Badge>
              </button>
            </Td>
            <Td className="td-actions">
              <RowActions
                className="row shipping-actions"
                name={o.name}
                onEdit={() => onEdit(o)}
                onDelete={() => onDelete(o)}
              />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  )
}
