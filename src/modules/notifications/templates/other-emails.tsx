/** Account messages and the generic store message other modules send through notifications. */
import { Link, Text } from '@react-email/components'
import { ActionButton, EmailLayout, type StoreLook, styles } from './layout'

export interface PasswordResetData {
  /** The platform's look (its name from PLATFORM_NAME). */
  look: StoreLook
  firstName: string
  resetUrl: string
}

export function PasswordResetEmail({ data }: { data: PasswordResetData }) {
  return (
    <EmailLayout
      look={data.look}
      preview={`Redefina sua senha em ${data.look.storeName}`}
      footer={
        <Text style={styles.muted}>
          {data.look.storeName}: se você não pediu para redefinir a senha, ignore este e-mail; nada muda.
        </Text>
      }
    >
      <Text style={styles.heading}>Redefinir sua senha</Text>
      <Text style={styles.text}>
        Olá, {data.firstName}! Recebemos um pedido para redefinir a senha da sua conta em {data.look.storeName}. O link
        vale por 1 hora e pode ser usado uma única vez.
      </Text>
      <ActionButton look={data.look} href={data.resetUrl}>
        Criar nova senha
      </ActionButton>
      <Text style={styles.muted}>
        Se o botão não abrir,{' '}
        <Link href={data.resetUrl} style={styles.link}>
          use este link para criar a nova senha
        </Link>
        .
      </Text>
    </EmailLayout>
  )
}

/** What a module gives to sendStoreMessage: plain texts, never HTML (they are escaped like every other text). */
export interface StoreMessage {
  /** The inbox line under the subject. */
  preview: string
  heading: string
  paragraphs: string[]
  button?: { label: string; url: string }
  /** The footer's first line instead of the purchase one (a reminder was not caused by a purchase). */
  footer?: string
}

export interface StoreMessageData {
  look: StoreLook
  message: StoreMessage
  /** 'Minhas compras' (PUBLIC_URL/minha-conta). */
  accountUrl?: string
  /** The List-Unsubscribe address, shown as the 'Descadastrar' link. */
  unsubscribeUrl?: string
}

export function StoreMessageEmail({ look, message, accountUrl, unsubscribeUrl }: StoreMessageData) {
  return (
    <EmailLayout
      look={look}
      preview={message.preview}
      accountUrl={accountUrl}
      unsubscribeUrl={unsubscribeUrl}
      footer={message.footer ? <Text style={styles.muted}>{message.footer}</Text> : undefined}
    >
      <Text style={styles.heading}>{message.heading}</Text>
      {message.paragraphs.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once
        <Text key={i} style={styles.text}>
          {p}
        </Text>
      ))}
      {message.button && (
        <ActionButton look={look} href={message.button.url}>
          {message.button.label}
        </ActionButton>
      )}
    </EmailLayout>
  )
}
