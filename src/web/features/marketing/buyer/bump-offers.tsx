import { Gift, Zap } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { readableButton } from '../../../../shared/contrast'
import type { BumpOffer, BumpPosition } from '../../../../shared/marketing'
import { BUMP_DEBOUNCE_MS, BUMP_MESSAGES } from '../../../../shared/marketing-constants'
import { formatBRL } from '../../../../shared/money'
import { calculateBumps, trackBump, visitIdFor } from './public-api'
import './bumps.css'

export interface BumpOffersProps {
  storeId: string
  productId: string
  productPrice: number
  position: BumpPosition
  step: number
  /** Ids of the bumps already added: they leave the offer (spec 001 §4). */
  addedIds: string[]
  onAdd: (offer: BumpOffer) => void
  /**
   * Bumps a recovery link restores: added again once the offers load, only those still offered (the server prices the
   * order again anyway). Not counted as conversions: the buyer did not see them offered in this visit.
   */
  restoreIds?: string[]
}

/**
 * 'Ofertas Especiais Para Você!' (spec 001 §2, §7): loads 300 ms after its inputs settle, only with a store and a
 * cart; shows nothing while loading, when there is no offer, or on any failure. Prices come from the server.
 */
export default function BumpOffers({
  storeId,
  productId,
  productPrice,
  position,
  step,
  addedIds,
  onAdd,
  restoreIds,
}: BumpOffersProps) {
  const [offers, setOffers] = useState<BumpOffer[]>([])
  const visitId = useRef(visitIdFor(`${storeId}:${productId}`)).current
  const shown = useRef(new Set<string>())

  useEffect(() => {
    if (!storeId || !productId) return
    let alive = true
    const timer = setTimeout(() => {
      calculateBumps(storeId, position, {
        items: [{ productId, quantity: 1, price: productPrice }],
        cartTotal: productPrice,
        currentStep: step,
      })
        .then((list) => alive && setOffers(Array.isArray(list) ? list : []))
        .catch(() => alive && setOffers([]))
    }, BUMP_DEBOUNCE_MS)
    return () => {
      alive = false
      clearTimeout(timer)
    }
  }, [storeId, productId, productPrice, position, step])

  const restoredOnce = useRef(false)
  useEffect(() => {
    if (restoredOnce.current || !restoreIds?.length || offers.length === 0) return
    restoredOnce.current = true
    for (const o of offers) if (restoreIds.includes(o.id) && !addedIds.includes(o.id)) onAdd(o)
  }, [offers, restoreIds, addedIds, onAdd])

  const visible = offers.filter((o) => !addedIds.includes(o.id))

  useEffect(() => {
    for (const o of visible) {
      if (shown.current.has(o.id)) continue
      shown.current.add(o.id)
      trackBump(storeId, o.id, 'display', visitId)
    }
  }, [visible, storeId, visitId])

  if (visible.length === 0) return null
  return (
    <section className="mk-bumps" aria-label={BUMP_MESSAGES.widgetTitle} data-testid={`bumps-${position}`}>
      <h3 className="mk-bumps-title">{BUMP_MESSAGES.widgetTitle}</h3>
      {visible.map((offer) => (
        <BumpCard
          key={offer.id}
          offer={offer}
          onAdd={() => {
            trackBump(storeId, offer.id, 'conversion', visitId)
            onAdd(offer)
          }}
        />
      ))}
    </section>
  )
}

function Prices({ offer }: { offer: BumpOffer }) {
  return (
    <p className="mk-bump-prices">
      {offer.savings > 0 && <s className="mk-bump-was">{formatBRL(offer.originalPrice)}</s>}
      <strong className="mk-bump-price">{formatBRL(offer.finalPrice)}</strong>
      {offer.savings > 0 && <span className="mk-bump-save">Economize {formatBRL(offer.savings)}</span>}
    </p>
  )
}

function BumpCard({ offer, onAdd }: { offer: BumpOffer; onAdd: () => void }) {
  const label = offer.buttonText || 'Adicionar ao pedido'
  // The merchant's colour, drawn so that the button's text reads at 4.5:1.
  const colors = readableButton(offer.buttonColor)
  const button = (
    <button
      type="button"
      className="mk-bump-add"
      style={{ background: colors.background, borderColor: colors.background, color: colors.text }}
      onClick={onAdd}
    >
      {offer.template === 'MINIMAL' ? `+ ${label}` : label}
    </button>
  )
  if (offer.template === 'MINIMAL')
    return (
      <article className="mk-bump mk-bump-minimal" data-testid="bump-offer">
        <span className="mk-bump-name">{offer.title}</span>
        <Prices offer={offer} />
        {button}
      </article>
    )
  const template = offer.template === 'FEATURED' || offer.template === 'URGENT' ? offer.template : 'DEFAULT'
  return (
    <article className={`mk-bump mk-bump-${template.toLowerCase()}`} data-testid="bump-offer">
      {template === 'URGENT' && (
        <p className="mk-bump-flag">
          <Zap size={14} aria-hidden /> Oferta por tempo limitado — só nesta compra!
        </p>
      )}
      {template === 'FEATURED' && <p className="mk-bump-flag">★ Oferta especial</p>}
      <div className="mk-bump-body">
        {offer.product.imageUrl ? (
          <img className="mk-bump-image" src={offer.product.imageUrl} alt={offer.product.name} />
        ) : (
          <div className="mk-bump-image mk-bump-placeholder" aria-hidden>
            <Gift size={28} />
          </div>
        )}
        <div className="mk-bump-text">
          <p className="mk-bump-name">{offer.title}</p>
          <p className="mk-bump-product">{offer.product.name}</p>
          {offer.description && <p className="mk-bump-desc">{offer.description}</p>}
          <Prices offer={offer} />
        </div>
      </div>
      {button}
    </article>
  )
}
