import { describe, expect, it } from 'vitest'
import { cleanTrackingValue, compactTracking, trackingSchema } from './tracking'

describe('tracking values', () => {
  it('trims, removes control characters and cuts to the limit', () => {
    expect(cleanTrackingValue('  fb\u0000ads\u001f ', 250)).toBe('fbads')
    expect(cleanTrackingValue('x'.repeat(300), 250)).toHaveLength(250)
    expect(cleanTrackingValue('   ', 250)).toBeUndefined()
    expect(cleanTrackingValue(12, 250)).toBeUndefined()
  })

  it('keeps only known keys with a value', () => {
    const parsed = trackingSchema.parse({ utm_source: 'FB', utm_medium: '', sck: null, other: 'x' })
    expect(compactTracking(parsed)).toEqual({ utm_source: 'FB' })
  })
})
