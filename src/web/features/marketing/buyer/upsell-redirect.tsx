import { useEffect, useRef, useState } from 'react'
import { readableButton } from '../../../../shared/contrast'
import type { PublicUpsell } from '../../../../shared/marketing'
import { eligibleUpsell, trackUpsell, visitIdFor } from './public-api'
import './bumps.css'

/**
 * The store's post-purchase link (spec 002 §2.3, §4): once the order is paid, a countdown (the link's delay, 3 s by
 * default) then the redirect, with 'Continuar' and 'Pular', and the address it leads to. Before the payment is
 * confirmed the buyer is never taken away from a PIX code or a boleto: the link is only offered under the payment
 * box, opening in a new tab. A digital order's page holds the buyer's access ('Acessar Produto'): nothing leaves it
 * on its own; the offer waits for a tap and opens in a new tab, so the access stays where it is.
 */
export default function UpsellRedirect({
  storeId,
  orderId,
  paid,
  digital = false,
}: {
  storeId: string
  orderId: string
  paid: boolean
  /** The order page holds a digital product's access: no automatic redirect away from it. */
  digital?: boolean
}) {
  const [upsell, setUpsell] = useState<PublicUpsell | null>(null)
  const visitId = useRef(visitIdFor(`order:${orderId}`)).current
  // Read once: this page view decides whether the countdown runs; the flag is written when it does.
  const [alreadyShown] = useState(() => wasShown(orderId))
  const countdown = paid && !alreadyShown && !!upsell
  useEffect(() => {
    if (countdown) markShown(orderId)
  }, [countdown, orderId])

  useEffect(() => {
    let alive = true
    eligibleUpsell(storeId)
      .then((r) => alive && setUpsell(r.upsell))
      .catch(() => undefined)
    return () => {
      alive = false
    }
  }, [storeId])

  useEffect(() => {
    if (upsell) trackUpsell(storeId, upsell.id, 'display', visitId)
  }, [upsell, storeId, visitId])

  if (!upsell) return null
  // Once shown with its countdown (followed or skipped), a return to the order page keeps the buyer there: the
  // digital access and the review live on this page.
  if (!countdown)
    return (
      <p className="ck-muted mk-upsell-later" data-testid="upsell-link">
        {paid ? 'Conheça também:' : 'Depois do pagamento:'}{' '}
        <a
          href={upsell.redirectUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => trackUpsell(storeId, upsell.id, 'click', visitId)}
        >
          {upsell.title}
        </a>
      </p>
    )
  return (
    <Countdown
      upsell={upsell}
      auto={!digital}
      onGo={() => trackUpsell(storeId, upsell.id, 'click', visitId)}
      onSkip={() => trackUpsell(storeId, upsell.id, 'skip', visitId)}
    />
  )
}

/** Where the link leads, said before the buyer is taken there ('loja.exemplo.com'). */
function destinationOf(url: string): string {
  try {
    return new URL(url, window.location.href).host
  } catch {
    return url
  }
}

function Countdown({
  upsell,
  auto,
  onGo,
  onSkip,
}: {
  upsell: PublicUpsell
  /** false: no countdown, the offer opens in a new tab on a tap (a digital buyer's access stays on this page). */
  auto: boolean
  onGo: () => void
  onSkip: () => void
}) {
  const [left, setLeft] = useState(upsell.delaySeconds)
  const [skipped, setSkipped] = useState(false)
  const gone = useRef(false)

  const go = () => {
    if (gone.current) return
    gone.current = true
    onGo()
    if (auto) window.location.assign(upsell.redirectUrl)
    else {
      window.open(upsell.redirectUrl, '_blank', 'noopener')
      gone.current = false
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: go only reads refs and props; the tick follows left/skipped
  useEffect(() => {
    if (skipped || !auto) return
    if (left <= 0) {
      go()
      return
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [left, skipped])

  if (skipped) return null
  return (
    <section className="ck-card mk-upsell" aria-live="polite" data-testid="upsell">
      <h3 className="ck-card-title">{upsell.title}</h3>
      {upsell.description && <p className="ck-muted">{upsell.description}</p>}
      <p className="ck-muted" data-testid="upsell-destination">
        {auto ? 'Você será levado para' : 'Abre em uma nova aba:'} <strong>{destinationOf(upsell.redirectUrl)}</strong>
      </p>
      {auto && upsell.showCountdown && (
        <p>
          Redirecionando em{' '}
          <span className="mk-upsell-count" data-testid="upsell-countdown">
            {left}
          </span>{' '}
          {left === 1 ? 'segundo' : 'segundos'}...
        </p>
      )}
      <div className="mk-upsell-actions">
        <button
          type="button"
          className="mk-upsell-go"
          style={{
            background: readableButton(upsell.buttonColor).background,
            borderColor: readableButton(upsell.buttonColor).background,
            color: readableButton(upsell.buttonColor).text,
          }}
          onClick={go}
        >
          {upsell.buttonText}
        </button>
        <button
          type="button"
          className="mk-upsell-skip"
          onClick={() => {
            setSkipped(true)
            onSkip()
          }}
        >
          {upsell.skipText}
        </button>
      </div>
    </section>
  )
}

const shownKey = (orderId: string) => `mk-upsell-shown:${orderId}`

function wasShown(orderId: string) {
  try {
    return localStorage.getItem(shownKey(orderId)) === '1'
  } catch {
    return false
  }
}

function markShown(orderId: string) {
  try {
    localStorage.setItem(shownKey(orderId), '1')
  } catch {
    // storage refused (private mode): the countdown simply shows again next time
  }
}
