import './stars.css'

/**
 * A rating drawn as five stars filled to the exact fraction (4,5 fills four and a half), read by screen readers as
 * "Nota N de 5". Shared by the buyer and owner screens.
 */
export function Stars({ rating, size = 'md' }: { rating: number; size?: 'sm' | 'md' }) {
  const fill = `${Math.max(0, Math.min(5, rating)) * 20}%`
  return (
    <span className={`rv-stars rv-stars-${size}`} role="img" aria-label={`Nota ${formatRating(rating)} de 5`}>
      <span aria-hidden className="rv-star">
        ★★★★★
      </span>
      <span aria-hidden className="rv-star rv-star-on rv-stars-fill" style={{ width: fill }}>
        ★★★★★
      </span>
    </span>
  )
}

const ratingFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: 1 })
export function formatRating(n: number): string {
  return ratingFormat.format(n)
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' })
export function formatReviewDate(iso: string): string {
  return dateFormat.format(new Date(iso))
}
