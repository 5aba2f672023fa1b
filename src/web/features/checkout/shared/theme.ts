import type { CSSProperties } from 'react'
import { CUSTOM_SCOPE_CLASS, CUSTOMIZATION_DEFAULTS, fontStack, readableButton } from '../../../../shared/checkout'

/** The look fields a checkout page is themed with (a PublicCustomization, or the owner's unsaved form values). */
export interface CheckoutLook {
  primaryColor: string
  secondaryColor: string
  backgroundColor: string
  accentColor: string
  fontFamily: string
  buttonRadius: number
}

/** The class the checkout root carries: merchant CSS is scoped under it by the server. */
export const CHECKOUT_SCOPE_CLASS = CUSTOM_SCOPE_CLASS

/**
 * CSS custom properties for a checkout root: --ck-primary, --ck-secondary, --ck-bg, --ck-accent, --ck-radius and
 * --ck-font. `isolation` keeps merchant z-indexes inside the checkout's own stacking context.
 */
export function checkoutThemeStyle(look: Partial<CheckoutLook> | undefined): CSSProperties {
  const l = { ...CUSTOMIZATION_DEFAULTS, ...(look ?? {}) }
  // The same readable button the buyer page draws (text at 4.5:1 on the merchant's colour).
  const button = readableButton(l.primaryColor)
  return {
    '--ck-primary': button.background,
    '--ck-on-primary': button.text,
    '--ck-secondary': l.secondaryColor,
    '--ck-bg': l.backgroundColor,
    '--ck-accent': l.accentColor,
    '--ck-radius': `${l.buttonRadius}px`,
    '--ck-font': fontStack(l.fontFamily),
    isolation: 'isolate',
  } as CSSProperties
}
