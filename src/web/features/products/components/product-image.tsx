import { useState } from 'react'
import { productImageSrc } from '../../../../shared/catalog'

/** A neutral picture frame with a box glyph, for products without a usable image. */
export const PLACEHOLDER_IMAGE = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="8" fill="#2b3246"/><path d="M18 24l14-7 14 7v16l-14 7-14-7z" fill="none" stroke="#9aa3b8" stroke-width="2.5" stroke-linejoin="round"/><path d="M18 24l14 7 14-7M32 31v16" fill="none" stroke="#9aa3b8" stroke-width="2.5" stroke-linejoin="round"/></svg>',
)}`

/**
 * §5 'Product image display': empty, 'undefined'/'null' and broken /uploads paths show the placeholder; full URLs
 * are kept; /uploads paths load from the same origin as the API. An image that fails to load falls back too.
 */
export function ProductImage({ url, alt, size = 48 }: { url: string | null | undefined; alt: string; size?: number }) {
  const src = productImageSrc(url)
  const [failed, setFailed] = useState<string | null>(null)
  const usable = src && failed !== src
  return (
    <img
      className="product-thumb"
      src={usable ? src : PLACEHOLDER_IMAGE}
      alt={usable ? alt : ''}
      width={size}
      height={size}
      loading="lazy"
      data-placeholder={usable ? undefined : 'true'}
      onError={() => src && setFailed(src)}
    />
  )
}
