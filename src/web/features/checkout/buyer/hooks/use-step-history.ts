import { useBuyerLocation, useBuyerNavigate, useBuyerSearchParams } from '../nav/buyer-nav'

const PARAM = 'etapa'

/**
 * The checkout step lives in the URL (`?etapa=2`), one history entry per step: the browser's (or Android's) Back
 * returns to the previous step and Forward comes back, the page's own 'Voltar' does the same, and a reload stays
 * on the step. Other query parameters (the ad's UTM tags) are kept.
 */
export function useStepHistory(last: number) {
  const params = useBuyerSearchParams()
  const location = useBuyerLocation()
  const navigate = useBuyerNavigate()
  const raw = Number(params.get(PARAM) ?? '1')
  const step = Number.isInteger(raw) && raw >= 1 && raw <= last ? raw : 1

  function searchFor(n: number): string {
    const next = new URLSearchParams(params)
    if (n === 1) next.delete(PARAM)
    else next.set(PARAM, String(n))
    const text = next.toString()
    return text ? `?${text}` : ''
  }

  /** Forward to the next step: a new history entry that remembers where it came from. */
  function goTo(n: number) {
    navigate({ search: searchFor(n) }, { state: { checkoutStepFrom: step } })
  }

  /** 'Voltar': the history's own Back when the previous entry is the previous step, so Forward still works. */
  function back() {
    const from = (location.state as { checkoutStepFrom?: number } | null)?.checkoutStepFrom
    if (from === step - 1) navigate(-1)
    else navigate({ search: searchFor(Math.max(1, step - 1)) }, { replace: true })
  }

  /** A step whose earlier data is missing (a shared `?etapa=3` link, a cleared session) starts over there. */
  function resetTo(n: number) {
    navigate({ search: searchFor(n) }, { replace: true })
  }

  return { step, goTo, back, resetTo }
}
