/** The time a rule reads: injected so tests move it instead of sleeping. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock the test sets and advances by hand. */
export function manualClock(start = new Date('2026-01-01T12:00:00Z')): Clock & { advance(ms: number): void } {
  let t = start.getTime()
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms
    },
  }
}
