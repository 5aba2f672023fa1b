/**
 * Merchant markup on a checkout page. Every string given here must come from the server already sanitised (the
 * public customisation endpoint, or the owner's preview endpoint): these components only place it.
 */

/** The merchant stylesheet, scoped by the server under `.checkout-custom`. */
export function MerchantStyle({ css }: { css: string | null | undefined }) {
  return css ? <style data-merchant-css="">{css}</style> : null
}

/** The merchant's header or footer HTML. */
export function MerchantHtml({
  html,
  as: Tag = 'div',
  className,
}: {
  html: string | null | undefined
  as?: 'div' | 'header' | 'footer'
  className?: string
}) {
  if (!html) return null
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (checkout module, sanitize.ts)
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />
}
