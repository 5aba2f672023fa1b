/** Readable buttons whatever colour the merchant picks (WCAG 2 AA, 4.5:1 for text). No imports: buyer chunks use it. */

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)]
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05)
}

const DARK_TEXT = '#111827'

/**
 * The colours a button in the merchant's colour is drawn with so that its text reads at 4.5:1: white text when the
 * colour allows it; dark text on a light colour; otherwise the same hue darkened just enough for white text (the
 * default blue #3B82F6 becomes #3272D8). A malformed colour is returned as it is, with white text.
 */
export function readableButton(hex: string): { background: string; text: string } {
  if (!/^#[0-9a-fA-F]{6}$/.test(hex)) return { background: hex, text: '#ffffff' }
  if (contrastRatio('#ffffff', hex) >= 4.5) return { background: hex, text: '#ffffff' }
  if (contrastRatio(DARK_TEXT, hex) >= 7) return { background: hex, text: DARK_TEXT }
  let [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16))
  let out = hex
  for (let i = 0; i < 40 && contrastRatio('#ffffff', out) < 4.5; i++) {
    ;[r, g, b] = [r, g, b].map((v) => Math.floor(v * 0.96))
    out = `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`.toUpperCase()
  }
  return { background: out, text: '#ffffff' }
}
