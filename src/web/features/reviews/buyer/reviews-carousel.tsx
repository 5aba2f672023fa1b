import { useQuery } from '@tanstack/react-query'
import { BadgeCheck, Pause, Play, ThumbsUp } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { REVIEW_CAROUSEL_MS } from '../../../../shared/review-constants'
import type { PublicReview } from '../../../../shared/reviews'
import { Counter } from '../counter'
import { formatRating, formatReviewDate, Stars } from '../stars'
import { getProductReviews, getProductStats, markHelpful, reportReview } from './api'
import './reviews-buyer.css'

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches

/**
 * The product's approved reviews under the checkout form (spec 001 §2, §4, §7): one at a time, advancing every
 * 5 s and wrapping; rotation stops while the pointer is over it or focus is inside it, and with the pause button
 * (WCAG 2.2.2). While rotating the slides are not announced; once paused, a change is announced politely.
 * With no approved reviews — or if the call fails — it renders nothing. Loaded as its own chunk, after the form.
 */
export default function ReviewsCarousel({ storeId, productId }: { storeId: string; productId: string }) {
  const reviews = useQuery({
    queryKey: ['reviews', 'public', storeId, productId],
    queryFn: () => getProductReviews(storeId, productId),
    retry: 0,
    staleTime: 60_000,
  })
  const stats = useQuery({
    queryKey: ['reviews', 'public-stats', storeId, productId],
    queryFn: () => getProductStats(storeId, productId),
    retry: 0,
    staleTime: 60_000,
  })
  const list = reviews.data?.reviews ?? []
  if (reviews.isError || list.length === 0) return null
  return (
    <Carousel
      storeId={storeId}
      reviews={list}
      total={stats.data?.totalReviews ?? reviews.data?.total ?? list.length}
      average={stats.data?.averageRating ?? null}
    />
  )
}

function Carousel({
  storeId,
  reviews,
  total,
  average,
}: {
  storeId: string
  reviews: PublicReview[]
  total: number
  average: number | null
}) {
  const [index, setIndex] = useState(0)
  const [userPaused, setUserPaused] = useState(reducedMotion)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const rootRef = useRef<HTMLElement>(null)
  const slidesId = useId()
  const count = reviews.length
  const rotating = count > 1 && !userPaused && !hovered && !focused

  const go = useCallback((step: number) => setIndex((i) => (i + step + count) % count), [count])

  // A timer per shown slide: a manual move restarts the 5 s.
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart on purpose whenever the slide changes
  useEffect(() => {
    if (!rotating) return
    const timer = setTimeout(() => go(1), REVIEW_CAROUSEL_MS)
    return () => clearTimeout(timer)
  }, [rotating, index, go])

  const current = Math.min(index, count - 1)

  return (
    <section
      ref={rootRef}
      className="ck-card rv-carousel"
      aria-roledescription="carousel"
      aria-label="Avaliações de clientes"
      data-testid="reviews-carousel"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setFocused(false)
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') go(1)
        else if (e.key === 'ArrowLeft') go(-1)
      }}
    >
      <header className="rv-carousel-head">
        <h2 className="rv-carousel-title">O que dizem os clientes</h2>
        {average !== null && (
          <p className="rv-carousel-summary">
            <Stars rating={average} size="sm" /> <strong>{formatRating(average)}</strong> de 5 ·{' '}
            <Counter value={total} /> {total === 1 ? 'avaliação' : 'avaliações'}
          </p>
        )}
      </header>

      <div id={slidesId} className="rv-slides" aria-live={rotating ? 'off' : 'polite'}>
        {reviews.map((r, i) => (
          <Slide key={r.id} storeId={storeId} review={r} position={i + 1} count={count} hidden={i !== current} />
        ))}
      </div>

      {count > 1 && (
        <div className="rv-controls">
          <button
            type="button"
            className="rv-btn"
            aria-controls={slidesId}
            aria-label={userPaused ? 'Retomar a rotação das avaliações' : 'Pausar a rotação das avaliações'}
            onClick={() => setUserPaused((p) => !p)}
          >
            {userPaused ? <Play size={16} /> : <Pause size={16} />}
          </button>
          <button
            type="button"
            className="rv-btn"
            aria-controls={slidesId}
            aria-label="Avaliação anterior"
            onClick={() => go(-1)}
          >
            ‹
          </button>
          <span className="rv-position" aria-hidden>
            {current + 1} / {count}
          </span>
          <button
            type="button"
            className="rv-btn"
            aria-controls={slidesId}
            aria-label="Próxima avaliação"
            onClick={() => go(1)}
          >
            ›
          </button>
        </div>
      )}
    </section>
  )
}

function Slide({
  storeId,
  review,
  position,
  count,
  hidden,
}: {
  storeId: string
  review: PublicReview
  position: number
  count: number
  hidden: boolean
}) {
  const [votes, setVotes] = useState(review.helpfulVotes)
  const [voted, setVoted] = useState(false)
  const [reported, setReported] = useState(false)

  const helpful = async () => {
    setVoted(true)
    try {
      setVotes((await markHelpful(storeId, review.id)).helpfulVotes)
    } catch {
      // Silent like the rest of the carousel: the count simply stays.
    }
  }
  const report = async () => {
    setReported(true)
    try {
      await reportReview(storeId, review.id)
    } catch {
      // Silent: a failed report changes nothing on the page.
    }
  }

  return (
    <article
      className="rv-slide"
      role="group"
      aria-roledescription="slide"
      aria-label={`${position} de ${count}`}
      hidden={hidden}
      data-testid="review-slide"
    >
      <div className="rv-slide-top">
        <Stars rating={review.rating} size="sm" />
        {review.isVerifiedPurchase && (
          <span className="rv-verified" data-testid="verified-badge">
            <BadgeCheck size={14} aria-hidden /> Compra verificada
          </span>
        )}
        {review.source === 'MERCHANT' && <span className="rv-by-store">Adicionada pela loja</span>}
      </div>
      <h3 className="rv-slide-title">{review.title}</h3>
      <p className="rv-slide-comment">{review.comment}</p>
      <p className="rv-slide-who">
        <strong>{review.customerName}</strong>
        {review.location ? ` · ${review.location}` : ''} · {formatReviewDate(review.createdAt)}
      </p>
      <div className="rv-slide-actions">
        <button type="button" className="rv-link" onClick={() => void helpful()} disabled={voted}>
          <ThumbsUp size={14} aria-hidden /> Útil ({votes})
        </button>
        <button type="button" className="rv-link" onClick={() => void report()} disabled={reported}>
          {reported ? 'Denúncia enviada' : 'Denunciar'}
        </button>
      </div>
    </article>
  )
}
