/**
 * Time as a dependency: rules that depend on time (commission release, windows, expiries) read `clock.now()`, so
 * tests move time instead of sleeping. Production passes the system clock.
 */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock a test sets and moves; it stands still between moves. */
export interface ControlledClock extends Clock {
  set(at: Date): void
  advance(ms: number): void
}

export function controlledClock(start: Date = new Date()): ControlledClock {
  let at = start.getTime()
  return {
    now: () => new Date(at),
    set: (d) => {
      at = d.getTime()
    },
    advance: (ms) => {
      at += ms
    },
  }
}

export const DAY_MS = 86_400_000
