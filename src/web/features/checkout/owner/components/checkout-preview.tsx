import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { BookOpen, Check, Lock, Package } from 'lucide-react'
import { useEffect, useState } from 'react'
import {
  CHECKOUT_TEXT_DEFAULTS,
  type CustomizationInput,
  DIGITAL_CHECKOUT_TEXT_DEFAULTS,
} from '../../../../../shared/checkout'
import { cx } from '../../../../ui'
import { CHECKOUT_SCOPE_CLASS, checkoutThemeStyle, ensureFontLoaded, MerchantHtml, MerchantStyle } from '../../shared'
import { previewQuery } from '../api/customization'

type Kind = 'PHYSICAL' | 'DIGITAL'
type Screen = 'checkout' | 'confirmation'

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(t)
  }, [value, ms])
  return debounced
}

const textOr = (value: string | null | undefined, fallback: string) => (value?.trim() ? value.trim() : fallback)

/**
 * A phone-sized checkout drawn with the form's current values. Header, footer and CSS go through the server's
 * sanitiser (debounced) so the merchant sees exactly what a buyer will get, never raw markup.
 */
export function CheckoutPreview({
  storeId,
  storeName,
  values,
}: {
  storeId: string
  storeName: string
  values: Partial<CustomizationInput>
}) {
  const [kind, setKind] = useState<Kind>('PHYSICAL')
  const [screen, setScreen] = useState<Screen>('checkout')
  const markup = useDebounced(
    {
      customHeaderHtml: values.customHeaderHtml || null,
      customFooterHtml: values.customFooterHtml || null,
      customCss: values.customCss || null,
    },
    400,
  )
  const safe = useQuery({ ...previewQuery(storeId, markup), placeholderData: keepPreviousData })
  const font = values.fontFamily ?? 'Inter'
  useEffect(() => ensureFontLoaded(font), [font])

  // a text left at the physical default shows the digital checkout's own default, as buyers will see it
  const defaults = kind === 'DIGITAL' ? DIGITAL_CHECKOUT_TEXT_DEFAULTS : CHECKOUT_TEXT_DEFAULTS
  const text = (key: keyof typeof CHECKOUT_TEXT_DEFAULTS) => {
    const v = textOr(values[key], CHECKOUT_TEXT_DEFAULTS[key])
    return v === CHECKOUT_TEXT_DEFAULTS[key] ? defaults[key] : v
  }
  const steps = kind === 'DIGITAL' ? ['Dados', 'Pagamento'] : ['Dados', 'Entrega', 'Pagamento']
  const radius = Number(values.buttonRadius ?? 6)
  const look = {
    primaryColor: values.primaryColor,
    secondaryColor: values.secondaryColor,
    backgroundColor: values.backgroundColor,
    accentColor: values.accentColor,
    fontFamily: font,
    buttonRadius: Number.isFinite(radius) ? radius : 6,
  }
  const validColor = (c: string | undefined) => (c && /^#[0-9a-f]{6}$/i.test(c) ? c : undefined)
  const theme = checkoutThemeStyle(
    Object.fromEntries(
      Object.entries(look).filter(([k, v]) => (k.endsWith('Color') ? validColor(v as string) : v !== undefined)),
    ),
  )

  return (
    <div className="preview">
      <div className="preview-toolbar">
        <div className="segmented" role="group" aria-label="Tipo de checkout">
          {(['PHYSICAL', 'DIGITAL'] as const).map((k) => (
            <button key={k} type="button" className={cx(kind === k && 'active')} onClick={() => setKind(k)}>
              {k === 'PHYSICAL' ? 'Físico' : 'Digital'}
            </button>
          ))}
        </div>
        <div className="segmented" role="group" aria-label="Tela">
          {(['checkout', 'confirmation'] as const).map((s) => (
            <button key={s} type="button" className={cx(screen === s && 'active')} onClick={() => setScreen(s)}>
              {s === 'checkout' ? 'Checkout' : 'Confirmação'}
            </button>
          ))}
        </div>
      </div>
      <div className="preview-phone" data-testid="checkout-preview">
        <div className={cx(CHECKOUT_SCOPE_CLASS, 'pv')} style={theme}>
          <MerchantStyle css={safe.data?.customCss} />
          <MerchantHtml html={safe.data?.customHeaderHtml} className="ck-custom-header" />
          <header className="ck-header">
            {values.showStoreLogo !== false &&
              (values.customLogoUrl ? (
                <img className="ck-logo" src={values.customLogoUrl} alt={storeName} />
              ) : (
                <span className="ck-store-name">{storeName}</span>
              ))}
            <span className="ck-secure">
              <Lock size={14} aria-hidden /> Compra segura
            </span>
          </header>
          {values.customBannerUrl && <img className="ck-banner" src={values.customBannerUrl} alt="" />}
          {screen === 'checkout' ? (
            <div className="ck-container">
              <h1 className="ck-title">{text('checkoutTitle')}</h1>
              <ol className="pv-steps">
                {steps.map((s, i) => (
                  <li key={s} className={cx(i === 0 && 'current')}>
                    <span>{i + 1}</span>
                    {s}
                  </li>
                ))}
              </ol>
              <div className="pv-card">
                <div className="pv-summary">
                  <div className="pv-product-img" aria-hidden>
                    {kind === 'DIGITAL' ? <BookOpen size={22} /> : <Package size={22} />}
                  </div>
                  <div>
                    <div className="pv-product-name">
                      {kind === 'DIGITAL' ? 'E-book de exemplo' : 'Produto de exemplo'}
                    </div>
                    <div className="pv-muted">Quantidade: 1</div>
                  </div>
                  <div className="pv-total">R$ 99,90</div>
                </div>
              </div>
              <div className="pv-card">
                <div className="pv-section-title">Seus dados</div>
                <div className="pv-input">Nome completo</div>
                <div className="pv-input">E-mail</div>
                <div className="pv-input">(11) 99999-9999</div>
                <button type="button" className="pv-button">
                  {kind === 'DIGITAL' ? 'Continuar para Pagamento' : 'Continuar para Envio'}
                </button>
                <p className="ck-security-note">
                  <span className="pv-accent">●</span> Ambiente seguro: seus dados são protegidos.
                </p>
              </div>
            </div>
          ) : (
            <div className="ck-container pv-thanks">
              <div className="pv-check" aria-hidden>
                <Check size={28} />
              </div>
              <h1 className="ck-title">{text('thankYouTitle')}</h1>
              <p>{text('thankYouMessage')}</p>
              <div className="pv-card">
                <div className="pv-muted">Número do pedido</div>
                <div className="pv-order">#1001</div>
              </div>
              <button type="button" className="pv-button">
                Pagar Agora
              </button>
            </div>
          )}
          <MerchantHtml html={safe.data?.customFooterHtml} as="footer" className="ck-custom-footer" />
        </div>
      </div>
      {safe.isError && <p className="small muted">Não foi possível atualizar a pré-visualização do HTML/CSS.</p>}
    </div>
  )
}
