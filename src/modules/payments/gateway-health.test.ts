import { describe, expect, it } from 'vitest'
import { GatewayHealth } from './gateway-health'

describe('circuit breaker', () => {
  it('opens after N failures within a minute, closes after its wait, reopens on the next failure', () => {
    let now = 1_000_000
    const h = new GatewayHealth({ threshold: 3, openMs: 30_000 }, () => now)
    h.failed('a')
    now += 70_000 // the first failure leaves the window
    h.failed('a')
    h.failed('a')
    expect(h.isOpen('a')).toBe(false)
    h.failed('a')
    expect(h.isOpen('a')).toBe(true)
    expect(h.openCircuits()).toBe(1)
    now += 30_001
    expect(h.isOpen('a')).toBe(false)
    h.failed('a')
    expect(h.isOpen('a')).toBe(true)
    h.succeeded('a')
    expect(h.isOpen('a')).toBe(false)
  })
})
