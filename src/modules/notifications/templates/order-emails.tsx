/** The buyer's messages about an order: only what the order page shows (no CPF, address or card). */
import { Column, Row, Section, Text } from '@react-email/components'
import { formatDateTime } from '../../../shared/dates'
import { formatCents } from '../../../shared/money'
import type { OrderLines } from '../lines'
import { ActionButton, EmailLayout, type StoreLook, styles } from './layout'
import { amount, cell, Lines } from './price-lines'

export interface OrderEmailData {
  look: StoreLook
  orderNumber: string
  /** The buyer's first name (greeting). */
  firstName: string
  /** The lines at list price, then the coupon, discount, freight and interest, down to the total (lines.ts). */
  lines: OrderLines
  totalCents: number
  paymentMethod: 'PIX' | 'CREDIT_CARD' | 'BOLETO'
  /** The PIX: its copia e cola, its expiry (ISO) and the QR image source (cid:… in a message, data: in a preview). */
  pix: { code: string; expiresAt: string | null; qrSrc: string } | null
  boleto: { line: string; dueDate: string | null; url: string | null } | null
  /** PUBLIC_URL + /pedido/{id}?t=… */
  orderUrl: string
  /** PUBLIC_URL + /minha-conta: every purchase of the buyer ('Minhas compras'). */
  accountUrl: string
  /** Digital products (and digital bumps) once paid: the page that gives access. */
  /** inArea: the files are in the buyer's area (the url leads there), not behind a 24-hour link. */
  access: { productName: string; url: string; inArea?: boolean }[]
  /** A refund's figures ('order_refunded'): this refund, everything refunded so far, and the line it was for. */
  refund: { amountCents: number; refundedTotalCents: number; partial: boolean; itemName: string | null } | null
  /** The order's state this message announces, in the shared words (orderStatusLabel) the merchant's screens use; '' shows none. */
  statusLabel: string
  /**
   * A subscription's PIX or boleto renewal ('order_received'): the plan, the cycle, its period and due date (ISO),
   * so the message reads as the renewal it is, not a new purchase.
   */
  renewal?: {
    productName: string | null
    planName: string | null
    cycleNumber: number
    periodStart: string
    periodEnd: string
    dueAt: string
  } | null
}

/** 'Status do pedido: Pago': the same label as the order page, the sales and orders screens, and the CSV. */
function StatusLine({ data }: { data: OrderEmailData }) {
  if (!data.statusLabel) return null
  return (
    <Text style={{ ...styles.muted, margin: '0 0 12px' }}>
      Status do pedido: <strong data-status>{data.statusLabel}</strong>
    </Text>
  )
}

const dueDate = (d: string) => d.split('-').reverse().join('/')

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

const dateBr = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })

/** A renewal invoice: the plan's renewal, its cycle and period, and the date to pay by (the e-mail's one change). */
function RenewalReceivedEmail({
  data,
  renewal,
}: {
  data: OrderEmailData
  renewal: NonNullable<OrderEmailData['renewal']>
}) {
  const how = data.paymentMethod === 'BOLETO' ? 'o boleto' : 'o PIX'
  const what = `${renewal.productName ?? 'sua assinatura'}${renewal.planName ? ` (plano ${renewal.planName})` : ''}`
  const due = dateBr(renewal.dueAt)
  return (
    <EmailLayout
      look={data.look}
      accountUrl={data.accountUrl}
      preview={`Renovação de ${what}: pague ${how} até ${due}`}
    >
      <Text style={styles.heading}>Renovação da sua assinatura</Text>
      <StatusLine data={data} />
      <Text style={styles.text}>
        Olá, {data.firstName}! Está chegando a renovação da sua assinatura de {what}: {renewal.cycleNumber}º ciclo, de{' '}
        {dateBr(renewal.periodStart)} a {dateBr(renewal.periodEnd)}.
      </Text>
      <Text style={styles.text}>
        Pague {how} até <strong data-due>{due}</strong> para manter seu acesso. Pedido {data.orderNumber}.
      </Text>
      <Lines lines={data.lines} />
      <PaymentBlock data={data} />
      <ActionButton look={data.look} href={data.orderUrl}>
        Pagar renovação
      </ActionButton>
    </EmailLayout>
  )
}

export function OrderReceivedEmail({ data }: { data: OrderEmailData }) {
  if (data.renewal) return <RenewalReceivedEmail data={data} renewal={data.renewal} />
  const how = data.paymentMethod === 'BOLETO' ? 'o boleto' : 'o PIX'
  return (
    <EmailLayout
      look={data.look}
      accountUrl={data.accountUrl}
      preview={`Pedido ${data.orderNumber}: pague ${how} para concluir sua compra`}
    >
      <Text style={styles.heading}>Recebemos seu pedido {data.orderNumber}</Text>
      <StatusLine data={data} />
      <Text style={styles.text}>
        Olá, {data.firstName}! Seu pedido foi registrado. Assim que o pagamento for confirmado, avisaremos você por
        e-mail.
      </Text>
      <Lines lines={data.lines} />
      <PaymentBlock data={data} />
      <ActionButton look={data.look} href={data.orderUrl}>
        Ver meu pedido
      </ActionButton>
    </EmailLayout>
  )
}

export function PaymentApprovedEmail({ data }: { data: OrderEmailData }) {
  return (
    <EmailLayout
      look={data.look}
      accountUrl={data.accountUrl}
      preview={`Pagamento do pedido ${data.orderNumber} aprovado`}
    >
      <Text style={styles.heading}>Pagamento aprovado!</Text>
      <StatusLine data={data} />
      <Text style={styles.text}>
        Olá, {data.firstName}! O pagamento do pedido {data.orderNumber} foi confirmado. Obrigado pela compra.
      </Text>
      <Lines lines={data.lines} />
      {data.access.length > 0 && (
        <>
          <Text style={styles.text}>Seu conteúdo digital já está liberado:</Text>
          {data.access.map((a) => (
            <ActionButton key={a.url} look={data.look} href={a.url}>
              Acessar {a.productName}
            </ActionButton>
          ))}
          <Text style={styles.muted}>
            {data.access.some((a) => a.inArea)
              ? 'Os arquivos ficam na sua área de compras: entre com este e-mail para baixá-los quando quiser.'
              : 'O link de acesso vale por 24 horas; depois, abra a página do pedido para gerar um novo.'}
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
    <EmailLayout
      look={data.look}
      accountUrl={data.accountUrl}
      preview={`${what} do pedido ${data.orderNumber} vence em breve`}
    >
      <Text style={styles.heading}>Seu pagamento vence em breve</Text>
      <StatusLine data={data} />
      <Text style={styles.text}>
        Olá, {data.firstName}! {what} do pedido {data.orderNumber} ({formatCents(data.totalCents)}) ainda não foi pago e
        vence em cerca de uma hora.
      </Text>
      <Lines lines={data.lines} />
      <PaymentBlock data={data} />
      <ActionButton look={data.look} href={data.orderUrl}>
        Pagar agora
      </ActionButton>
    </EmailLayout>
  )
}

export function PaymentExpiredEmail({ data }: { data: OrderEmailData }) {
  const pix = data.paymentMethod === 'PIX'
  const total = formatCents(data.totalCents)
  return (
    <EmailLayout
      look={data.look}
      accountUrl={data.accountUrl}
      preview={
        pix
          ? `Gere um novo código PIX para o pedido ${data.orderNumber}`
          : `O boleto do pedido ${data.orderNumber} venceu`
      }
    >
      <Text style={styles.heading}>{pix ? 'Seu código PIX expirou' : 'O prazo do boleto terminou'}</Text>
      <StatusLine data={data} />
      {pix ? (
        <Text style={styles.text}>
          Olá, {data.firstName}! O código PIX do pedido {data.orderNumber} ({total}) expirou antes do pagamento. Se
          ainda quiser o produto, gere um novo código: o pedido e o valor continuam os mesmos.
        </Text>
      ) : (
        <Text style={styles.text}>
          Olá, {data.firstName}! Não recebemos o pagamento do boleto do pedido {data.orderNumber} ({total}) até o
          vencimento, então o pedido foi encerrado sem cobrança. Se ainda quiser o produto, é só fazer um novo pedido na
          loja.
        </Text>
      )}
      <Lines lines={data.lines} />
      <ActionButton look={data.look} href={data.orderUrl}>
        {pix ? 'Gerar novo código' : 'Ver meu pedido'}
      </ActionButton>
    </EmailLayout>
  )
}

export function OrderCancelledEmail({ data }: { data: OrderEmailData }) {
  return (
    <EmailLayout look={data.look} accountUrl={data.accountUrl} preview={`Pedido ${data.orderNumber} cancelado`}>
      <Text style={styles.heading}>Pedido {data.orderNumber} cancelado</Text>
      <StatusLine data={data} />
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
  const r = data.refund ?? {
    amountCents: data.totalCents,
    refundedTotalCents: data.totalCents,
    partial: false,
    itemName: null,
  }
  const left = Math.max(0, data.totalCents - r.refundedTotalCents)
  const what = r.itemName ? r.itemName : r.partial ? 'parte do valor do pedido' : 'o pedido inteiro'
  return (
    <EmailLayout
      look={data.look}
      accountUrl={data.accountUrl}
      preview={`Reembolso de ${formatCents(r.amountCents)} do pedido ${data.orderNumber}`}
    >
      <Text style={styles.heading}>{r.partial ? 'Fizemos um reembolso parcial' : 'Seu reembolso foi feito'}</Text>
      <StatusLine data={data} />
      <Text style={styles.text}>
        Olá, {data.firstName}! Reembolsamos {formatCents(r.amountCents)} do pedido {data.orderNumber}. O valor volta
        pelo mesmo meio de pagamento; o prazo depende do seu banco ou cartão.
      </Text>
      <Section style={{ margin: '0 0 16px' }}>
        <Row>
          <Column style={cell}>Reembolsado agora</Column>
          <Column className="amount" style={amount}>
            {formatCents(r.amountCents)}
          </Column>
        </Row>
        <Row>
          <Column style={{ ...cell, ...styles.muted, margin: 0 }}>Referente a</Column>
          <Column className="amount" style={{ ...amount, ...styles.muted, margin: 0, whiteSpace: 'normal' }}>
            {what}
          </Column>
        </Row>
        <Row>
          <Column style={{ ...cell, ...styles.muted, margin: 0 }}>Reembolsado no total</Column>
          <Column className="amount" style={{ ...amount, ...styles.muted, margin: 0 }}>
            {formatCents(r.refundedTotalCents)} de {formatCents(data.totalCents)}
          </Column>
        </Row>
        <Row>
          <Column style={{ ...cell, padding: '8px 0 0', fontWeight: 700 }}>Continua pago</Column>
          <Column className="amount" style={{ ...amount, padding: '8px 0 0', fontWeight: 700 }}>
            {formatCents(left)}
          </Column>
        </Row>
      </Section>
      {r.partial && <Text style={{ ...styles.muted, margin: '0 0 16px' }}>O restante do pedido continua valendo.</Text>}
      <ActionButton look={data.look} href={data.orderUrl}>
        Ver meu pedido
      </ActionButton>
    </EmailLayout>
  )
}
