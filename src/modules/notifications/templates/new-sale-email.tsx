/** The merchant's 'Nova venda aprovada': the sale's lines as the buyer saw them, the buyer and where to ship. */
import { Section, Text } from '@react-email/components'
import { formatDateTime } from '../../../shared/dates'
import { formatCents } from '../../../shared/money'
import type { OrderLines } from '../lines'
import { ActionButton, EmailLayout, type StoreLook, styles } from './layout'
import { Lines } from './price-lines'

export interface NewSaleData {
  look: StoreLook
  orderNumber: string
  buyerName: string
  buyerEmail: string
  lines: OrderLines
  totalCents: number
  paymentLabel: string
  paidAt: string
  /** Where to send it (physical products), one line per row of the address. */
  address: string[] | null
  salesUrl: string
}

export function NewSaleEmail({ data }: { data: NewSaleData }) {
  return (
    <EmailLayout
      look={data.look}
      preview={`${formatCents(data.totalCents)} no pedido ${data.orderNumber}`}
      footer={
        <Text style={styles.muted}>
          Você recebe este aviso a cada venda paga de {data.look.storeName}. Desligue em Loja → E-mails.
        </Text>
      }
    >
      <Text style={styles.heading}>Nova venda aprovada: {formatCents(data.totalCents)}</Text>
      <Text style={styles.text}>
        O pedido {data.orderNumber} de {data.buyerName} ({data.buyerEmail}) foi pago por {data.paymentLabel} em{' '}
        {formatDateTime(data.paidAt)}.
      </Text>
      <Lines lines={data.lines} />
      {data.address && (
        <Section style={{ margin: '0 0 16px' }}>
          <Text style={{ ...styles.text, fontWeight: 700, margin: '0 0 4px' }}>Endereço de entrega</Text>
          {data.address.map((line) => (
            <Text key={line} style={{ ...styles.text, margin: 0 }}>
              {line}
            </Text>
          ))}
        </Section>
      )}
      <ActionButton look={data.look} href={data.salesUrl}>
        Ver vendas
      </ActionButton>
    </EmailLayout>
  )
}
