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

const two = (n: number) => String(n).padStart(2, '0')

/** 29:59 under an hour, 23:59:59 (up to 47:59:59) under two days, then '3 dias e 03:10:00'. */
export function formatCountdown(seconds: number): string {
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  if (seconds < 3600) return `${two(m)}:${two(s)}`
  if (seconds < 2 * 86_400) return `${two(Math.floor(seconds / 3600))}:${two(m)}:${two(s)}`
  const days = Math.floor(seconds / 86_400)
  return `${days} dias e ${two(Math.floor((seconds % 86_400) / 3600))}:${two(m)}:${two(s)}`
}
