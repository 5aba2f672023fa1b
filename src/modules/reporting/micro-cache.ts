/**
 * A few seconds of memory for dashboard answers, per app instance: a merchant pressing 'Atualizar' in a loop, or
 * several tabs, cost one computation per key and window, and concurrent identical requests share one computation.
 * The rollups behind them are kept by the worker a moment after each order anyway, so two seconds add no real
 * staleness. Bounded: the oldest keys go first once `max` are held.
 */
export function microCache<T>(ttlMs: number, max = 2_000) {
  const entries = new Map<string, { at: number; value: Promise<T> }>()
  return (key: string, compute: () => Promise<T>): Promise<T> => {
    const now = Date.now()
    const hit = entries.get(key)
    if (hit && now - hit.at < ttlMs) return hit.value
    if (hit) entries.delete(key)
    const value = compute()
    entries.set(key, { at: now, value })
    // A failure is not remembered: the next request computes again.
    value.catch(() => entries.get(key)?.value === value && entries.delete(key))
    if (entries.size > max) entries.delete(entries.keys().next().value as string)
    return value
  }
}
