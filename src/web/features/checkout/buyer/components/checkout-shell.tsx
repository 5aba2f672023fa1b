import { type CSSProperties, type ReactNode, useEffect } from 'react'
import type { PublicCustomization } from '../../../../../shared/checkout'
import { readableButton } from '../../../../../shared/contrast'
import { ensureFontLoaded } from '../../shared/fonts'
import { LockIcon } from './icons'

/** Used when the store's look could not be loaded (the server sends these same defaults when none is saved). */
export const LOOK_DEFAULTS = {
  primaryColor: '#3B82F6',
  secondaryColor: '#1E40AF',
  backgroundColor: '#F3F4F6',
  accentColor: '#EF4444',
  fontFamily: 'Inter',
  buttonRadius: 6,
}

const SERIF = new Set(['Playfair Display', 'Merriweather'])

export interface CheckoutTexts {
  checkoutTitle: string
  thankYouTitle: string
  thankYouMessage: string
}

export const PHYSICAL_TEXTS: CheckoutTexts = {
  checkoutTitle: 'Finalizar Compra',
  thankYouTitle: 'Pedido Confirmado!',
  thankYouMessage: 'Obrigado pela sua compra! Seu pedido foi confirmado e será processado em breve.',
}
export const DIGITAL_TEXTS: CheckoutTexts = {
  checkoutTitle: 'Finalizar Compra Digital',
  thankYouTitle: 'Produto Digital Adquirido!',
  thankYouMessage: 'Obrigado pela sua compra! Seu produto digital já está disponível logo abaixo.',
}

export function textsOf(c: PublicCustomization | undefined, kind: 'PHYSICAL' | 'DIGITAL'): CheckoutTexts {
  if (!c) return kind === 'DIGITAL' ? DIGITAL_TEXTS : PHYSICAL_TEXTS
  return kind === 'DIGITAL' ? c.digital : c
}

function themeOf(c: PublicCustomization | undefined): CSSProperties {
  const look = { ...LOOK_DEFAULTS, ...(c ?? {}) }
  const font = `'${look.fontFamily}', ${SERIF.has(look.fontFamily) ? 'serif' : 'system-ui, sans-serif'}`
  // Buttons and step dots carry text on the merchant's colour: drawn so that text reads at 4.5:1 (WCAG AA).
  const button = readableButton(look.primaryColor)
  // The design kit reads --primary and --radius-sm, so its buttons and fields take the store's colours.
  return {
    '--ck-primary': button.background,
    '--ck-on-primary': button.text,
    '--on-primary': button.text,
    '--ck-secondary': look.secondaryColor,
    '--ck-bg': look.backgroundColor,
    '--ck-accent': look.accentColor,
    '--ck-radius': `${look.buttonRadius}px`,
    '--ck-font': font,
    '--primary': button.background,
    '--primary-hover': look.secondaryColor,
    '--radius-sm': `${look.buttonRadius}px`,
  } as CSSProperties
}

/** The logo the merchant chose, or the store name. */
export function StoreLogo({ customization }: { customization: PublicCustomization | undefined }) {
  if (customization && !customization.showStoreLogo) return null
  if (customization?.customLogoUrl)
    return <img className="ck-logo" src={customization.customLogoUrl} alt={customization.storeName} />
  return customization?.storeName ? <span className="ck-store-name">{customization.storeName}</span> : null
}

/**
 * The buyer page frame: noindex, the store's colours, font, header/footer HTML, banner, logo and CSS. Header,
 * footer and CSS come sanitised from the server (no scripts or handlers; CSS scoped under .checkout-custom).
 */
export function CheckoutShell({
  customization,
  title,
  children,
}: {
  customization: PublicCustomization | undefined
  title: string
  children: ReactNode
}) {
  const c = customization
  const family = c?.fontFamily ?? LOOK_DEFAULTS.fontFamily
  // The chosen family's faces, self-hosted, added only now with font-display: optional: the drawn text (the LCP
  // element) is not painted again when a face arrives late; a cached face is used at once (fonts.ts).
  useEffect(() => ensureFontLoaded(family, 'optional'), [family])
  return (
    <div className="ck-page" style={themeOf(c)}>
      <meta name="robots" content="noindex, nofollow" />
      <title>{c?.storeName ? `${title} · ${c.storeName}` : title}</title>
      <div className="checkout-custom">
        {c?.customCss && <style>{c.customCss}</style>}
        {/* One banner landmark (the merchant's header, the store's and the banner image) and one <main>: every
            piece of the page sits in a landmark for screen-reader navigation. */}
        <header className="ck-top">
          {c?.customHeaderHtml && (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (checkout module)
            <div className="ck-custom-header" dangerouslySetInnerHTML={{ __html: c.customHeaderHtml }} />
          )}
          <div className="ck-header">
            <StoreLogo customization={c} />
            <h1 className="ck-title">{title}</h1>
            <span className="ck-secure" title="Seus dados são protegidos">
              <LockIcon size={14} /> Compra segura
            </span>
          </div>
          {c?.customBannerUrl && <img className="ck-banner" src={c.customBannerUrl} alt="" />}
        </header>
        <main className="ck-container">{children}</main>
        {c?.customFooterHtml && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (checkout module)
          <footer className="ck-custom-footer" dangerouslySetInnerHTML={{ __html: c.customFooterHtml }} />
        )}
      </div>
    </div>
  )
}

export function SecurityNote() {
  return (
    <p className="ck-security-note">
      <LockIcon size={14} /> Ambiente seguro. Seus dados são criptografados e usados apenas para processar este pedido.
    </p>
  )
}
