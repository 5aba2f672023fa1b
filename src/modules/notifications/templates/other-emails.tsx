/** Account messages and the generic store message other modules send through notifications. */
import { Text } from '@react-email/components'
import { ActionButton, EmailLayout, PLATFORM_LOOK, type StoreLook, styles } from './layout'

export function PasswordResetEmail({ data }: { data: { firstName: string; resetUrl: string } }) {
  return (
    <EmailLayout
      look={PLATFORM_LOOK}
      preview="Redefina sua senha"
      footer={
        <Text style={styles.muted}>Se você não pediu para redefinir a senha, ignore este e-mail: nada muda.</Text>
      }
    >
      <Text style={styles.heading}>Redefinir sua senha</Text>
      <Text style={styles.text}>
        Olá, {data.firstName}! Recebemos um pedido para redefinir a senha da sua conta. O link vale por 1 hora e pode
        ser usado uma única vez.
      </Text>
      <ActionButton look={PLATFORM_LOOK} href={data.resetUrl}>
        Criar nova senha
      </ActionButton>
      <Text style={styles.muted}>Se o botão não abrir, copie este endereço no navegador: {data.resetUrl}</Text>
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
}

export function StoreMessageEmail({ look, message }: { look: StoreLook; message: StoreMessage }) {
  return (
    <EmailLayout look={look} preview={message.preview}>
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
