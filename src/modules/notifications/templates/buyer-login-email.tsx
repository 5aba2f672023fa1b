import { Link, Text } from '@react-email/components'
import { ActionButton, EmailLayout, type StoreLook, styles } from './layout'

export interface BuyerLoginData {
  /** The platform's look (its name from PLATFORM_NAME): the area spans every store the buyer bought from. */
  look: StoreLook
  loginUrl: string
}

/** 'Acesse suas compras': the single-use link into the buyer's area. */
export function BuyerLoginEmail({ data }: { data: BuyerLoginData }) {
  return (
    <EmailLayout
      look={data.look}
      preview="Seu link de acesso às suas compras"
      footer={
        <Text style={styles.muted}>
          {data.look.storeName}: se você não pediu este link, ignore este e-mail; ninguém entra sem ele.
        </Text>
      }
    >
      <Text style={styles.heading}>Acesse suas compras</Text>
      <Text style={styles.text}>
        Use o botão abaixo para entrar na sua área: lá estão todos os seus pedidos e os arquivos dos produtos digitais.
        O link vale por 15 minutos e pode ser usado uma única vez.
      </Text>
      <ActionButton look={data.look} href={data.loginUrl}>
        Entrar na minha área
      </ActionButton>
      <Text style={styles.muted}>
        Se o botão não abrir,{' '}
        <Link href={data.loginUrl} style={styles.link}>
          use este link para entrar
        </Link>
        .
      </Text>
    </EmailLayout>
  )
}
