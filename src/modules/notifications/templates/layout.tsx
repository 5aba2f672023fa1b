/**
 * The frame of every e-mail: the store's name, logo and colour from its checkout customisation, ≤ 600 px, tables and
 * inline styles (React Email's components), pt-BR. Rendered on the server only.
 */
import { Body, Button, Container, Head, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components'
import type { ReactNode } from 'react'

export interface StoreLook {
  storeName: string
  /** A #RRGGBB colour for the header and the buttons. */
  color: string
  /** An absolute https/http URL, or null for the name alone. */
  logoUrl: string | null
}

/** The platform's own messages (password reset): its name from PLATFORM_NAME, its colour. */
export const platformLook = (name: string): StoreLook => ({ storeName: name, color: '#2563EB', logoUrl: null })

const font = "'Helvetica Neue', Helvetica, Arial, sans-serif"
// A long word (an address, a code) breaks instead of widening the message past a phone's screen.
const wrap = { overflowWrap: 'break-word' as const, wordBreak: 'break-word' as const }
export const styles = {
  text: { fontSize: '15px', lineHeight: '22px', color: '#1f2937', margin: '0 0 12px', fontFamily: font, ...wrap },
  muted: { fontSize: '13px', lineHeight: '19px', color: '#4b5563', margin: '0 0 8px', fontFamily: font, ...wrap },
  link: { color: '#1d4ed8', textDecoration: 'underline' },
  heading: {
    fontSize: '22px',
    lineHeight: '28px',
    color: '#111827',
    margin: '0 0 16px',
    fontWeight: 700,
    fontFamily: font,
  },
  code: {
    fontFamily: "'Courier New', Courier, monospace",
    fontSize: '13px',
    lineHeight: '18px',
    wordBreak: 'break-all' as const,
    background: '#f3f4f6',
    border: '1px solid #e5e7eb',
    borderRadius: '6px',
    padding: '12px',
    margin: '0 0 12px',
    color: '#111827',
  },
}

/** WCAG relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16)
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p)
  return (x + 0.05) / (y + 0.05)
}

/** Readable text on the store's colour: white or near-black, whichever contrasts more (WCAG). */
export function textOn(color: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return '#ffffff'
  return contrast(color, '#ffffff') >= contrast(color, '#111827') ? '#ffffff' : '#111827'
}

export function ActionButton({ look, href, children }: { look: StoreLook; href: string; children: ReactNode }) {
  return (
    <Section style={{ textAlign: 'center', margin: '8px 0 20px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: look.color,
          color: textOn(look.color),
          borderRadius: '6px',
          padding: '12px 24px',
          fontSize: '15px',
          fontWeight: 700,
          fontFamily: font,
          textDecoration: 'none',
          display: 'inline-block',
        }}
      >
        {children}
      </Button>
    </Section>
  )
}

/** The footer's links: the buyer's purchases and, for messages one may stop, the opt-out. */
function FooterLinks({ accountUrl, unsubscribeUrl }: { accountUrl?: string; unsubscribeUrl?: string }) {
  if (!accountUrl && !unsubscribeUrl) return null
  return (
    <Text style={{ ...styles.muted, margin: '8px 0 0' }}>
      {accountUrl && (
        <Link href={accountUrl} style={styles.link}>
          Minhas compras
        </Link>
      )}
      {accountUrl && unsubscribeUrl && ' · '}
      {unsubscribeUrl && (
        <>
          Não quer mais receber lembretes desta loja?{' '}
          <Link href={unsubscribeUrl} style={styles.link}>
            Descadastrar
          </Link>
        </>
      )}
    </Text>
  )
}

export function EmailLayout({
  look,
  preview,
  children,
  footer,
  accountUrl,
  unsubscribeUrl,
}: {
  look: StoreLook
  preview: string
  children: ReactNode
  footer?: ReactNode
  /** `<PUBLIC_URL>/minha-conta`: the buyer's purchases (buyer messages only). */
  accountUrl?: string
  /** A one-click opt-out (the same address as the List-Unsubscribe header). */
  unsubscribeUrl?: string
}) {
  return (
    <Html lang="pt-BR" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f3f4f6', margin: 0, padding: '16px 0' }}>
        <Container style={{ maxWidth: '600px', width: '100%', margin: '0 auto', backgroundColor: '#ffffff' }}>
          <Section style={{ backgroundColor: look.color, padding: '20px 24px', textAlign: 'center' }}>
            {look.logoUrl ? (
              <Img
                src={look.logoUrl}
                alt={look.storeName}
                height="40"
                style={{ margin: '0 auto', maxHeight: '40px', width: 'auto' }}
              />
            ) : (
              <Text
                style={{
                  ...styles.heading,
                  color: textOn(look.color),
                  margin: 0,
                  fontSize: '20px',
                }}
              >
                {look.storeName}
              </Text>
            )}
          </Section>
          <Section style={{ padding: '24px' }}>{children}</Section>
          <Hr style={{ borderColor: '#e5e7eb', margin: 0 }} />
          <Section style={{ padding: '16px 24px' }}>
            {footer ?? (
              <Text style={styles.muted}>
                Você recebeu este e-mail por causa de uma compra em {look.storeName}. Responda a esta mensagem se
                precisar de ajuda.
              </Text>
            )}
            <FooterLinks accountUrl={accountUrl} unsubscribeUrl={unsubscribeUrl} />
          </Section>
        </Container>
      </Body>
    </Html>
  )
}
