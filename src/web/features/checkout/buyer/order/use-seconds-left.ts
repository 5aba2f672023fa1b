import { useEffect, useState } from 'react'

const secondsUntil = (at: number) => Math.max(0, Math.ceil((at - Date.now()) / 1000))

/** Seconds left until an instant (the PIX's real expiry from the gateway), ticking once a second; 0 once past. */
export function useSecondsLeft(iso: string | null): number | null {
  const at = iso ? new Date(iso).getTime() : Number.NaN
  const [left, setLeft] = useState(() => (Number.isNaN(at) ? null : secondsUntil(at)))
  useEffect(() => {
    if (Number.isNaN(at)) {
      setLeft(null)
      return
    }
    setLeft(secondsUntil(at))
    const timer = setInterval(() => {
      const next = secondsUntil(at)
      setLeft(next)
      if (next === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [at])
  return left
}
