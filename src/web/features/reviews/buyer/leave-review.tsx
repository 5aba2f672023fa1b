import { useQuery } from '@tanstack/react-query'
import { Check } from 'lucide-react'
import { useId, useState } from 'react'
import { REVIEW_LIMITS, REVIEW_MESSAGES, reviewCreateSchema } from '../../../../shared/reviews'
import { ApiError } from '../../../lib/api'
import '../../../zod-jitless'
import { createReview, getReviewableOrder } from './api'
import './reviews-buyer.css'

interface Props {
  orderId: string
  storeId: string
  /** From the order page's answer (which needs the page's own token): proves the buyer holds a paid order. */
  reviewToken: string
}

type Errors = Partial<Record<'rating' | 'customerName' | 'title' | 'comment' | 'location' | '_', string>>

const sentKey = (orderId: string, productId: string) => `review-sent:${orderId}:${productId}`

/**
 * "Avalie sua compra" on the buyer's paid order page (issue #13): the review carries the order's signed review
 * token, so the server marks it as a verified purchase; it shows publicly once the store approves it. Mounted only
 * for a paid order; renders nothing when the order gives no token or every product already has its review.
 */
export default function LeaveReview({ orderId, storeId, reviewToken }: Props) {
  const reviewable = useQuery({
    queryKey: ['reviews', 'reviewable', storeId, orderId],
    queryFn: () => getReviewableOrder(storeId, orderId, reviewToken),
    retry: 0,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const [chosen, setChosen] = useState<string | null>(null)
  const [, setSentCount] = useState(0)
  const products = reviewable.data?.products ?? []
  const done = (p: (typeof products)[number]) => p.reviewed || readSent(orderId, p.productId) !== null
  // Every product of the order can be reviewed, the checkout's own product first (then its bumps): the first one
  // still to review opens, and the others are a tap away.
  const product = products.find((p) => p.productId === chosen) ?? products.find((p) => !done(p)) ?? products[0]
  if (!reviewable.data || !product) return null
  // id="avaliar": the 'Pedido entregue' e-mail links straight here (/pedido/…#avaliar).
  return (
    <div id="avaliar">
      {products.length > 1 && (
        <nav className="ck-card rv-choose" aria-label="Produtos para avaliar" data-testid="review-products">
          <p className="rv-muted">Este pedido tem {products.length} produtos. Qual você quer avaliar?</p>
          <div className="rv-choose-list">
            {products.map((p) => (
              <button
                key={p.productId}
                type="button"
                className={p.productId === product.productId ? 'rv-choice rv-choice-on' : 'rv-choice'}
                aria-pressed={p.productId === product.productId}
                onClick={() => setChosen(p.productId)}
              >
                {done(p) && <Check size={14} aria-label="avaliado" />}
                {p.productName}
              </button>
            ))}
          </div>
        </nav>
      )}
      <LeaveReviewForm
        key={product.productId}
        orderId={orderId}
        storeId={storeId}
        reviewToken={reviewToken}
        productId={product.productId}
        productName={product.productName}
        customerName={reviewable.data.customerName}
        alreadyReviewed={product.reviewed}
        onSent={() => {
          // The thank-you stays in view; the chooser marks the product as reviewed.
          setChosen(product.productId)
          setSentCount((n) => n + 1)
        }}
      />
    </div>
  )
}

function LeaveReviewForm({
  orderId,
  reviewToken,
  customerName,
  storeId,
  productId,
  productName,
  alreadyReviewed,
  onSent,
}: Props & {
  reviewToken: string
  productId: string
  productName: string
  customerName: string
  alreadyReviewed: boolean
  onSent: () => void
}) {
  const id = useId()
  const [sent, setSent] = useState(
    () => readSent(orderId, productId) ?? (alreadyReviewed ? REVIEW_MESSAGES.alreadyReviewed : null),
  )
  const [rating, setRating] = useState(0)
  const [name, setName] = useState(customerName)
  const [title, setTitle] = useState('')
  const [comment, setComment] = useState('')
  const [location, setLocation] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [submitting, setSubmitting] = useState(false)

  if (sent)
    return (
      <section className="ck-card rv-leave" aria-live="polite" data-testid="review-sent">
        <h3 className="rv-leave-title">Obrigado pela sua avaliação!</h3>
        <p className="rv-muted">{productName}</p>
        <p className="rv-muted">{sent}</p>
      </section>
    )

  async function submit(e: React.FormEvent) {
    e.preventDefault()
    const input = { productId, customerName: name, rating, title, comment, location, orderId, reviewToken }
    const parsed = reviewCreateSchema.safeParse(input)
    if (!parsed.success) {
      const next: Errors = {}
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message
      setErrors(next)
      return
    }
    setErrors({})
    setSubmitting(true)
    try {
      const res = await createReview(storeId, input)
      finish(res.message ?? REVIEW_MESSAGES.created)
    } catch (err) {
      if (err instanceof ApiError && err.code === 'REVIEW_ALREADY_SENT') finish(REVIEW_MESSAGES.alreadyReviewed)
      else if (err instanceof ApiError && err.errors) setErrors(err.errors as Errors)
      else setErrors({ _: err instanceof ApiError ? err.message : 'Não foi possível enviar sua avaliação.' })
    } finally {
      setSubmitting(false)
    }
  }
  function finish(message: string) {
    try {
      localStorage.setItem(sentKey(orderId, productId), message)
    } catch {
      // Private mode: the thank-you still shows on this visit.
    }
    setSent(message)
    onSent()
  }

  return (
    <section className="ck-card rv-leave" aria-labelledby={`${id}-t`} data-testid="leave-review">
      <h3 id={`${id}-t`} className="rv-leave-title">
        Avalie sua compra: {productName}
      </h3>
      <p className="rv-muted">Sua avaliação aparece como compra verificada depois de aprovada pela loja.</p>
      <form className="rv-leave-form" noValidate onSubmit={(e) => void submit(e)}>
        <fieldset className="rv-rating-input" aria-describedby={errors.rating ? `${id}-re` : undefined}>
          <legend>Sua nota *</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={n <= rating ? 'rv-pick rv-pick-on' : 'rv-pick'}>
              <input
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                aria-label={`${n} ${n === 1 ? 'estrela' : 'estrelas'}`}
              />
              <span aria-hidden>★</span>
            </label>
          ))}
          {errors.rating && (
            <p id={`${id}-re`} className="field-error" role="alert">
              {errors.rating}
            </p>
          )}
        </fieldset>
        <TextField
          id={`${id}-n`}
          label="Seu nome *"
          value={name}
          onChange={setName}
          max={REVIEW_LIMITS.name}
          error={errors.customerName}
        />
        <TextField
          id={`${id}-ti`}
          label="Título *"
          value={title}
          onChange={setTitle}
          max={REVIEW_LIMITS.title}
          error={errors.title}
        />
        <TextField
          id={`${id}-c`}
          label="Comentário *"
          value={comment}
          onChange={setComment}
          max={REVIEW_LIMITS.comment}
          error={errors.comment}
          multiline
        />
        <TextField
          id={`${id}-l`}
          label="Cidade/UF (opcional)"
          value={location}
          onChange={setLocation}
          max={REVIEW_LIMITS.location}
          error={errors.location}
        />
        {errors._ && (
          <p className="field-error" role="alert">
            {errors._}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-md btn-block" disabled={submitting} aria-busy={submitting}>
          {submitting ? 'Enviando...' : 'Enviar avaliação'}
        </button>
      </form>
    </section>
  )
}

function TextField({
  id,
  label,
  value,
  onChange,
  max,
  error,
  multiline,
}: {
  id: string
  label: string
  value: string
  onChange: (v: string) => void
  max: number
  error?: string
  multiline?: boolean
}) {
  const common = {
    id,
    className: 'control',
    value,
    maxLength: max,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-e` : undefined,
  }
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} onChange={(e) => onChange(e.target.value)} />
      )}
      {error && (
        <p id={`${id}-e`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

function readSent(orderId: string, productId: string): string | null {
  try {
    return localStorage.getItem(sentKey(orderId, productId))
  } catch {
    return null
  }
}
