import { useEffect, useRef, useState } from 'react'
import type { Offer, OfferChild } from '../../../../shared/funnels'
import { formatBRL } from '../../../../shared/money'
import { ApiError } from '../../../lib/api'
import { acceptOffer, declineOffer, getOffer, getOfferOrders } from './offer-api'
import './offer-block.css'

const CHILDREN_POLL_MS = 5000

const STATUS_LABEL: Record<string, string> = {
  PAID: 'Pago',
  PENDING: 'Aguardando pagamento',
  CANCELLED: 'Cancelado',
  REFUNDED: 'Reembolsado',
}

/**
 * The offer on a paid order's page: the next product, taken with one tap ('Sim, quero!') on the card just approved —
 * no card form, no new page — or with a new PIX shown in place; 'Não, obrigado' shows the next step. The orders taken
 * are listed below with their own page. A closed window (410) or no funnel leaves the page as it was.
 * `onState` tells the page whether a funnel holds this order — an offer on, orders taken from it, or its window closed
 * (410) — and the store's post-purchase redirect then stays off: it is for stores without a funnel.
 */
export default function OfferBlock({
  orderId,
  token,
  paid,
  onState,
}: {
  orderId: string
  token: string
  paid: boolean
  onState?: (state: 'none' | 'active') => void
}) {
  const [offer, setOffer] = useState<Offer | null>(null)
  const [children, setChildren] = useState<OfferChild[]>([])
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // The one line of a tap that sold nothing (card refused, offer sold out) when no step follows to carry it.
  const [endNote, setEndNote] = useState<string | null>(null)
  const [installments, setInstallments] = useState(1)
  // One Idempotency-Key per tap: a retry of the same step and plan (its answer lost) sends it again and gets the same
  // answer; another step or plan is another tap with its own key (the server refuses a key sent with another body).
  const tap = useRef<{ body: string; key: string } | null>(null)
  const keyFor = (body: { stepKey: string; installments: number }) => {
    const b = JSON.stringify(body)
    if (tap.current?.body !== b) tap.current = { body: b, key: crypto.randomUUID() }
    return tap.current.key
  }

  useEffect(() => {
    if (!paid) return
    let alive = true
    // 410: the window closed — no offer, but the orders taken are still listed and the funnel still holds the page.
    const offerOrClosed = getOffer(orderId, token).catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 410) return 'closed' as const
      throw err
    })
    Promise.all([offerOrClosed, getOfferOrders(orderId, token)])
      .then(([o, c]) => {
        if (!alive) return
        setOffer(o === 'closed' ? null : o)
        setChildren(c)
        onState?.(o || c.length ? 'active' : 'none')
      })
      .catch(() => alive && onState?.('none'))
    return () => {
      alive = false
    }
  }, [paid, orderId, token, onState])

  // A PIX taken from the offer is paid in the bank's app: its line follows, as the order page follows its own PIX.
  const awaitingPix = children.some((c) => c.status === 'PENDING')
  useEffect(() => {
    if (!awaitingPix) return
    const timer = setInterval(() => {
      getOfferOrders(orderId, token)
        .then(setChildren)
        .catch(() => undefined)
    }, CHILDREN_POLL_MS)
    return () => clearInterval(timer)
  }, [awaitingPix, orderId, token])

  if (!paid || (!offer && children.length === 0 && !endNote)) return null

  async function answer(yes: boolean) {
    if (!offer) return
    setBusy(true)
    setError(null)
    try {
      if (yes) {
        const body = { stepKey: offer.stepKey, installments }
        const r = await acceptOffer(orderId, token, body, keyFor(body))
        if (r.child) setChildren((c) => [...c.filter((x) => x.orderId !== r.child!.orderId), r.child!])
        setOffer(r.next)
        setEndNote(r.next ? null : r.message)
      } else {
        setOffer((await declineOffer(orderId, token, offer.stepKey)).next)
      }
      tap.current = null
      setInstallments(1)
    } catch (err) {
      if (err instanceof ApiError && err.status === 410) setOffer(null)
      else if (err instanceof ApiError && err.code === 'OFFER_STEP_CHANGED')
        setOffer(await getOffer(orderId, token).catch(() => null))
      // Anything else (sold out, the card no longer kept, the gateway down) is said in one line; the offer stays.
      else setError(err instanceof ApiError ? err.message : 'Não foi possível concluir. Tente novamente.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      {offer && (
        <section className="ck-card of-card" aria-labelledby="offer-title" data-testid="offer">
          {offer.notice && (
            <p className="of-notice" role="status">
              {offer.notice}
            </p>
          )}
          <p className="of-kicker">Oferta especial para você</p>
          <h2 id="offer-title" className="of-title">
            {offer.headline}
          </h2>
          <div className="of-product">
            {offer.imageUrl && <img src={offer.imageUrl} alt="" className="of-image" />}
            <div>
              <p className="of-name">{offer.productName}</p>
              <p className="of-price">{formatBRL(offer.priceCents / 100)}</p>
            </div>
          </div>
          {offer.description && <p className="of-text">{offer.description}</p>}
          {offer.payWith === 'CREDIT_CARD' && offer.maxInstallments > 1 && (
            <label className="of-installments">
              Parcelas
              <select value={installments} onChange={(e) => setInstallments(Number(e.target.value))} disabled={busy}>
                {Array.from({ length: offer.maxInstallments }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}x
                  </option>
                ))}
              </select>
            </label>
          )}
          <p className="of-how">
            {offer.payWith === 'CREDIT_CARD'
              ? `Cobrado no cartão final ${offer.cardLast4}, o mesmo desta compra.`
              : 'Você recebe um novo PIX só desta oferta.'}
          </p>
          {error && (
            <p className="of-error" role="alert">
              {error}
            </p>
          )}
          <button type="button" className="of-yes" onClick={() => answer(true)} disabled={busy}>
            {busy ? 'Processando…' : 'Sim, quero!'}
          </button>
          <button type="button" className="of-no" onClick={() => answer(false)} disabled={busy}>
            Não, obrigado
          </button>
        </section>
      )}
      {!offer && endNote && (
        <section className="ck-card of-card" aria-label="Oferta" data-testid="offer-end-note">
          <p className="of-notice" role="status">
            {endNote}
          </p>
        </section>
      )}
      {children.length > 0 && (
        <section className="ck-card of-card" aria-labelledby="offer-orders-title" data-testid="offer-orders">
          <h2 id="offer-orders-title" className="of-subtitle">
            Também nesta compra
          </h2>
          <ul className="of-orders">
            {children.map((c) => (
              <li key={c.orderId}>
                <a href={c.pageUrl}>Pedido {c.orderNumber}</a> · {formatBRL(c.totalCents / 100)} ·{' '}
                <span data-testid="offer-order-status">{STATUS_LABEL[c.status] ?? c.status}</span>
                {c.pixCode && (
                  <span className="of-pix">
                    <span>PIX copia e cola:</span>
                    <code>{c.pixCode}</code>
                    <button type="button" className="of-no" onClick={() => navigator.clipboard?.writeText(c.pixCode!)}>
                      Copiar código
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}
