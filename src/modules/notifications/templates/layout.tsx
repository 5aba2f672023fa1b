/**
 * The frame of every e-mail: the store's name, logo and colour from its checkout customisation, ≤ 600 px, tables and
 * inline styles (React Email's components), pt-BR. Rendered on the server only.
 */
import { Body, Button, Container, Head, Hr, Html, Img, Preview, Section, Text } from '@react-email/components'
import type { ReactNode } from 'react'

export interface StoreLook {
  storeName: string
  /** A #RRGGBB colour for the header and the buttons. */
  color: string
  /** An absolute https/http URL, or null for the name alone. */
  logoUrl: string | null
}

export const PLATFORM_LOOK: StoreLook = { storeName: 'Checkout', color: '#3B82F6', logoUrl: null }

const font = "'Helvetica Neue', Helvetica, Arial, sans-serif"
export const styles = {
  text: { fontSize: '15px', lineHeight: '22px', color: '#1f2937', margin: '0 0 12px', fontFamily: font },
  muted: { fontSize: '13px', lineHeight: '19px', color: '#6b7280', margin: '0 0 8px', fontFamily: font },
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

/** Readable text on the store's colour: white on dark colours, near-black on light ones. */
export function textOn(color: string): string {
  const m = /^#([0-9a-f]{6})$/i.exec(color)
  if (!m) return '#ffffff'
  const n = Number.parseInt(m[1], 16)
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255]
  return 0.299 * r + 0.587 * g + 0.114 * b > 170 ? '#111827' : '#ffffff'
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

export function EmailLayout({
  look,
  preview,
  children,
  footer,
}: {
  look: StoreLook
  preview: string
  children: ReactNode
  footer?: ReactNode
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
          </Section>
        </Container>
      </Body>
    </Html>
  )
}
