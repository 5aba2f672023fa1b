/** An order's price lines in a message: items at list price, the adjustments, the total (lines.ts gives them). */
import { Column, Row, Section } from '@react-email/components'
import { formatCents } from '../../../shared/money'
import type { OrderLines, PriceLine } from '../lines'
import { styles } from './layout'

export const cell = { ...styles.text, margin: 0, padding: '4px 0' }
export const amount = { ...cell, textAlign: 'right' as const, whiteSpace: 'nowrap' as const, paddingLeft: '12px' }
const signed = (l: PriceLine) => (l.free ? 'Grátis' : l.cents < 0 ? `−${formatCents(-l.cents)}` : formatCents(l.cents))

/** The order as the checkout showed it: each line at its price, then what changed the total, then the total. */
export function Lines({ lines }: { lines: OrderLines }) {
  return (
    <Section style={{ margin: '0 0 16px' }}>
      {lines.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once
        <Row key={i}>
          <Column style={cell}>
            {item.quantity}× {item.name}
          </Column>
          <Column className="amount" style={amount}>
            {formatCents(item.totalCents)}
          </Column>
        </Row>
      ))}
      {lines.adjustments.map((l) => (
        <Row key={l.label}>
          <Column style={{ ...cell, ...styles.muted, margin: 0 }}>{l.label}</Column>
          <Column className="amount" style={{ ...amount, ...styles.muted, margin: 0 }}>
            {signed(l)}
          </Column>
        </Row>
      ))}
      <Row>
        <Column style={{ ...cell, padding: '8px 0 0', fontWeight: 700 }}>Total</Column>
        <Column className="amount" style={{ ...amount, padding: '8px 0 0', fontWeight: 700 }}>
          {formatCents(lines.totalCents)}
        </Column>
      </Row>
    </Section>
  )
}
