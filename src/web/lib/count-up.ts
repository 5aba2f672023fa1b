import { useEffect, useState } from 'react'

/** The spec's counter animation bounds (spec 002 'Counter animations 400 to 1200 ms'). */
export const COUNT_UP_MIN_MS = 400
export const COUNT_UP_MAX_MS = 1200

/** Longer for bigger figures, always within 400–1200 ms. */
export function countUpDuration(target: number): number {
  const ms = COUNT_UP_MIN_MS + Math.log10(Math.abs(target) + 1) * 200
  return Math.min(COUNT_UP_MAX_MS, Math.max(COUNT_UP_MIN_MS, Math.round(ms)))
}

function reducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
}

/**
 * A figure that counts up from 0 to `target` (ease-out) when it appears or changes; with prefers-reduced-motion, or
 * where there is no requestAnimationFrame (the server's first paint), it is the figure at once.
 */
export function useCountUp(target: number, decimals = 0): number {
  const [shown, setShown] = useState(() => (reducedMotion() || typeof window === 'undefined' ? target : 0))
  useEffect(() => {
    if (reducedMotion() || typeof requestAnimationFrame === 'undefined') {
      setShown(target)
      return
    }
    const duration = countUpDuration(target)
    const start = performance.now()
    const factor = 10 ** decimals
    let frame = 0
    const tick = (now: number) => {
      const t = Math.min(1, (now - start) / duration)
      const eased = 1 - (1 - t) ** 3
      setShown(Math.round(target * eased * factor) / factor)
      if (t < 1) frame = requestAnimationFrame(tick)
    }
    frame = requestAnimationFrame(tick)
    return () => cancelAnimationFrame(frame)
  }, [target, decimals])
  return shown
}
