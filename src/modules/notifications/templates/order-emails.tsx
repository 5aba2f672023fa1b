/** The buyer's and the merchant's messages about an order. Only what the order page shows: no CPF, address or card. */
import { Column, Row, Section, Text } from '@react-email/components'
import { formatDateTime } from '../../../shared/dates'
import { formatCents } from '../../../shared/money'
import { ActionButton, EmailLayout, type StoreLook, styles } from './layout'

export interface OrderEmailData {
  look: StoreLook
  orderNumber: string
  /** The buyer's first name (greeting). */
  firstName: string
  items: { name: string; quantity: number; totalCents: number }[]
  shippingCents: number
  totalCents: number
  paymentMethod: 'PIX' | 'CREDIT_CARD' | 'BOLETO'
  /** The PIX: its copia e cola, its expiry (ISO) and the QR image source (cid:… in a message, data: in a preview). */
  pix: { code: string; expiresAt: string | null; qrSrc: string } | null
  boleto: { line: string; dueDate: string | null; url: string | null } | null
  /** PUBLIC_URL + /pedido/{id}?t=… */
  orderUrl: string
  /** Digital products (and digital bumps) once paid: the page that gives access. */
  access: { productName: string; url: string }[]
}

const dueDate = (d: string) => d.split('-').reverse().join('/')

function Items({ data }: { data: OrderEmailData }) {
  return (
    <Section style={{ margin: '0 0 16px' }}>
      {data.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once
        <Row key={i}>
          <Column style={{ ...styles.text, margin: 0, padding: '4px 0' }}>
            {item.quantity}× {item.name}
          </Column>
          <Column style={{ ...styles.text, margin: 0, padding: '4px 0', textAlign: 'right', whiteSpace: 'nowrap' }}>
            {formatCents(item.totalCents)}
          </Column>
        </Row>
      ))}
      {data.shippingCents > 0 && (
        <Row>
          <Column style={{ ...styles.muted, margin: 0, padding: '4px 0' }}>Frete</Column>
          <Column style={{ ...styles.muted, margin: 0, padding: '4px 0', textAlign: 'right' }}>
            {formatCents(data.shippingCents)}
          </Column>
        </Row>
      )}
      <Row>
        <Column style={{ ...styles.text, margin: 0, padding: '8px 0 0', fontWeight: 700 }}>Total</Column>
        <Column style={{ ...styles.text, margin: 0, padding: '8px 0 0', fontWeight: 700, textAlign: 'right' }}>
          {formatCents(data.totalCents)}
        </Column>
      </Row>
    </Section>
  )
}

function PixBlock({ pix }: { pix: NonNullable<OrderEmailData['pix']> }) {
  return (
    <Section style={{ margin: '0 0 12px' }}>
      <Section style={{ textAlign: 'center' }}>
        <img
          src={pix.qrSrc}
          alt="QR Code do PIX"
          width="200"
          height="200"
          style={{ display: 'block', margin: '0 auto 12px', width: '200px', height: '200px' }}
        />
      </Section>
      <Text style={styles.muted}>PIX copia e cola:</Text>
      <Text style={styles.code}>{pix.code}</Text>
      {pix.expiresAt && (
        <Text style={styles.muted}>Válido até {formatDateTime(pix.expiresAt)} (horário de Brasília).</Text>
      )}
    </Section>
  )
}

function BoletoBlock({ boleto }: { boleto: NonNullable<OrderEmailData['boleto']> }) {
  return (
    <Section style={{ margin: '0 0 12px' }}>
      <Text style={styles.muted}>Linha digitável do boleto:</Text>
      <Text style={styles.code}>{boleto.line}</Text>
      {boleto.dueDate && <Text style={styles.muted}>Vencimento: {dueDate(boleto.dueDate)}.</Text>}
    </Section>
  )
}

function PaymentBlock({ data }: { data: OrderEmailData }) {
  if (data.pix) return <PixBlock pix={data.pix} />
  if (data.boleto) return <BoletoBlock boleto={data.boleto} />
  return null
}

export function OrderReceivedEmail({ data }: { data: OrderEmailData }) {
  const how = data.paymentMethod === 'BOLETO' ? 'o boleto' : 'o PIX'
  return (
    <EmailLayout look={data.look} preview={`Pedido ${data.orderNumber}: pague ${how} para concluir sua compra`}>
      <Text style={styles.heading}>Recebemos seu pedido {data.orderNumber}</Text>
      <Text style={styles.text}>
        Olá, {data.firstName}! Seu pedido foi registrado. Assim que o pagamento for confirmado, avisaremos você por
        e-mail.
      </Text>
      <Items data={data} />
      <PaymentBlock data={data} />
      <ActionButton look={data.look} href={data.orderUrl}>
        Ver meu pedido
      </ActionButton>
    </EmailLayout>
  )
}

export function PaymentApprovedEmail({ data }: { data: OrderEmailData }) {
  return (
    <EmailLayout look={data.look} preview={`Pagamento do pedido ${data.orderNumber} aprovado`}>
      <Text style={styles.heading}>Pagamento aprovado!</Text>
      <Text style={styles.text}>
        Olá, {data.firstName}! O pagamento do pedido {data.orderNumber} foi confirmado. Obrigado pela compra.
      </Text>
      <Items data={data} />
      {data.access.length > 0 && (
        <>
          <Text style={styles.text}>Seu conteúdo digital já está liberado:</Text>
          {data.access.map((a) => (
            <ActionButton key={a.url} look={data.look} href={a.url}>
              Acessar {a.productName}
            </ActionButton>
          ))}
          <Text style={styles.muted}>
            O link de acesso vale por 24 horas; depois, abra a página do pedido para gerar um novo.
          </Text>
        </>
      )}
      <ActionButton look={data.look} href={data.orderUrl}>
        Ver meu pedido
      </ActionButton>
    </EmailLayout>
  )
}

export function PaymentReminderEmail({ data }: { data: OrderEmailData }) {
  const what = data.boleto ? 'O boleto' : 'O PIX'
  return (
    <EmailLayout look={data.look} preview={`${what} do pedido ${data.orderNumber} vence em breve`}>
      <Text style={styles.heading}>Seu pagamento vence em breve</Text>
      <Text style={styles.text}>
        Olá, {data.firstName}! {what} do pedido {data.orderNumber} ({formatCents(data.totalCents)}) ainda não foi pago e
        vence em cerca de uma hora.
      </Text>
      <PaymentBlock data={data} />
      <ActionButton look={data.look} href={data.orderUrl}>
        Pagar agora
      </ActionButton>
    </EmailLayout>
  )
}

export function PaymentExpiredEmail({ data }: { data: OrderEmailData }) {
  const pix = data.paymentMethod === 'PIX'
  return (
    <EmailLayout look={data.look} preview={`O prazo de pagamento do pedido ${data.orderNumber} terminou`}>
      <Text style={styles.heading}>O prazo de pagamento terminou</Text>
      <Text style={styles.text}>
        Olá, {data.firstName}! Não recebemos o pagamento do pedido {data.orderNumber} a tempo, então ele foi cancelado.
      </Text>
      {pix ? (
        <Text style={styles.text}>
          Ainda quer o produto? Abra o pedido e toque em “Gerar novo código” para receber um novo PIX.
        </Text>
      ) : (
        <Text style={styles.text}>Se ainda quiser o produto, é só fazer um novo pedido na loja.</Text>
      )}
      <ActionButton look={data.look} href={data.orderUrl}>
        {pix ? 'Gerar novo código' : 'Ver meu pedido'}
      </ActionButton>
    </EmailLayout>
  )
}

export function OrderCancelledEmail({ data }: { data: OrderEmailData }) {
  return (
    <EmailLayout look={data.look} preview={`Pedido ${data.orderNumber} cancelado`}>
      <Text style={styles.heading}>Pedido {data.orderNumber} cancelado</Text>
      <Text style={styles.text}>
        Olá, {data.firstName}! Seu pedido {data.orderNumber} ({formatCents(data.totalCents)}) foi cancelado. Nenhum
        valor será cobrado por ele.
      </Text>
      <ActionButton look={data.look} href={data.orderUrl}>
        Ver meu pedido
      </ActionButton>
    </EmailLayout>
  )
}

export function OrderRefundedEmail({ data }: { data: OrderEmailData }) {
  return (
    <EmailLayout look={data.look} preview={`Reembolso do pedido ${data.orderNumber}`}>
      <Text style={styles.heading}>Seu reembolso foi feito</Text>
      <Text style={styles.text}>
        Olá, {data.firstName}! O pagamento do pedido {data.orderNumber} ({formatCents(data.totalCents)}) foi
        reembolsado. O valor volta pelo mesmo meio de pagamento; o prazo depende do seu banco ou cartão.
      </Text>
      <ActionButton look={data.look} href={data.orderUrl}>
        Ver meu pedido
      </ActionButton>
    </EmailLayout>
  )
}

export interface NewSaleData {
  look: StoreLook
  orderNumber: string
  buyerName: string
  items: { name: string; quantity: number; totalCents: number }[]
  totalCents: number
  paymentLabel: string
  paidAt: string
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
        O pedido {data.orderNumber} de {data.buyerName} foi pago por {data.paymentLabel} em{' '}
        {formatDateTime(data.paidAt)}.
      </Text>
      <Items data={{ items: data.items, shippingCents: 0, totalCents: data.totalCents } as OrderEmailData} />
      <ActionButton look={data.look} href={data.salesUrl}>
        Ver vendas
      </ActionButton>
    </EmailLayout>
  )
}
