/**
 * The QR code's mask, chosen as qrcode chooses it (the lowest of ISO 18004's four penalties over the eight masks, the
 * first on a tie) on flat arrays: qrcode applies, scores and removes each mask module by module through BitMatrix
 * calls, which was the largest share of an order e-mail's CPU in the worker (~1 ms of ~4; issue 33 item 18).
 * qr-mask.test.ts holds the choice to qrcode's own on hundreds of codes.
 */

/** A symbol as qrcode lays it out: `data` row by row (1 dark), `reservedBit` 1 where no mask applies. */
export interface QrModules {
  size: number
  data: Uint8Array
  reservedBit: Uint8Array
}

const MASKS: ((i: number, j: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
]

/** The modules that carry the 15 format bits, in bit order, twice (by the top-left finder, then split across the others). */
function formatPositions(size: number): [number, number][][] {
  const vertical = (i: number): [number, number] => (i < 6 ? [i, 8] : i < 8 ? [i + 1, 8] : [size - 15 + i, 8])
  const horizontal = (i: number): [number, number] => (i < 8 ? [8, size - i - 1] : i < 9 ? [8, 15 - i] : [8, 14 - i])
  return Array.from({ length: 15 }, (_, i) => [vertical(i), horizontal(i)])
}

function penalty(m: Uint8Array, size: number): number {
  let n1 = 0
  let n3 = 0
  for (let a = 0; a < size; a++) {
    let runRow = 0
    let runCol = 0
    let lastRow = -1
    let lastCol = -1
    let bitsRow = 0
    let bitsCol = 0
    for (let b = 0; b < size; b++) {
      // Along row a, then down column a.
      const h = m[a * size + b]!
      const v = m[b * size + a]!
      if (h === lastRow) runRow++
      else {
        if (runRow >= 5) n1 += 3 + runRow - 5
        lastRow = h
        runRow = 1
      }
      if (v === lastCol) runCol++
      else {
        if (runCol >= 5) n1 += 3 + runCol - 5
        lastCol = v
        runCol = 1
      }
      bitsRow = ((bitsRow << 1) & 0x7ff) | h
      bitsCol = ((bitsCol << 1) & 0x7ff) | v
      if (b >= 10) {
        if (bitsRow === 0x5d0 || bitsRow === 0x05d) n3++
        if (bitsCol === 0x5d0 || bitsCol === 0x05d) n3++
      }
    }
    if (runRow >= 5) n1 += 3 + runRow - 5
    if (runCol >= 5) n1 += 3 + runCol - 5
  }
  let n2 = 0
  for (let r = 0; r < size - 1; r++) {
    for (let c = 0; c < size - 1; c++) {
      const k = r * size + c
      const sum = m[k]! + m[k + 1]! + m[k + size]! + m[k + size + 1]!
      if (sum === 4 || sum === 0) n2++
    }
  }
  let dark = 0
  for (let k = 0; k < m.length; k++) dark += m[k]!
  const n4 = Math.abs(Math.ceil((dark * 100) / m.length / 5) - 10)
  return n1 + n2 * 3 + n3 * 40 + n4 * 10
}

/**
 * Each mask's flips for a symbol size: 1 where the mask inverts a module. Where a symbol reserves its modules (finder,
 * timing, alignment, format and version areas) depends on its size alone, so the flips are made once per size.
 */
const flipsBySize = new Map<number, Uint8Array[]>()

function flipsOf(symbol: QrModules): Uint8Array[] {
  const { size, reservedBit } = symbol
  let flips = flipsBySize.get(size)
  if (!flips) {
    flips = MASKS.map((mask) => {
      const flip = new Uint8Array(size * size)
      for (let k = 0; k < flip.length; k++) flip[k] = !reservedBit[k] && mask(Math.floor(k / size), k % size) ? 1 : 0
      return flip
    })
    flipsBySize.set(size, flips)
  }
  return flips
}

/**
 * The mask qrcode would pick for `symbol`, given as qrcode lays it out with mask 0 applied (`maskPattern: 0`), and
 * the format bits of each mask (qrcode's FormatInfo.getEncodedBits for the symbol's level).
 */
export function bestMask(symbol: QrModules, formatBits: (mask: number) => number): number {
  const { size, data } = symbol
  const flips = flipsOf(symbol)
  const plain = Uint8Array.from(data)
  const unmask = flips[0]!
  for (let k = 0; k < plain.length; k++) plain[k]! ^= unmask[k]!
  const formats = formatPositions(size)
  const m = new Uint8Array(plain.length)
  let best = 0
  let lowest = Number.POSITIVE_INFINITY
  for (let p = 0; p < flips.length; p++) {
    const flip = flips[p]!
    for (let k = 0; k < m.length; k++) m[k] = plain[k]! ^ flip[k]!
    const bits = formatBits(p)
    for (let i = 0; i < 15; i++) for (const [r, c] of formats[i]!) m[r * size + c] = (bits >> i) & 1
    m[(size - 8) * size + 8] = 1
    const score = penalty(m, size)
    if (score < lowest) {
      lowest = score
      best = p
    }
  }
  return best
}
