import { describe, expect, it } from 'vitest'
import { contrastRatio, readableButton } from './contrast'

describe('readable buttons in the merchant colour', () => {
  it('keeps a colour white text reads on, and reaches 4.5:1 for any other', () => {
    expect(readableButton('#4F46E5')).toEqual({ background: '#4F46E5', text: '#ffffff' })
    // the default blue: the same hue, darkened just enough
    expect(readableButton('#3B82F6')).toEqual({ background: '#3272D8', text: '#ffffff' })
    // a light colour keeps itself with dark text
    expect(readableButton('#FACC15').text).toBe('#111827')
    for (const c of ['#3B82F6', '#10B981', '#EF4444', '#FFFFFF', '#000000', '#F59E0B', '#A3E635']) {
      const b = readableButton(c)
      expect(contrastRatio(b.text, b.background), c).toBeGreaterThanOrEqual(4.5)
    }
  })
})
