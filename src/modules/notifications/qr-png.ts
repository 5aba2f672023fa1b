/**
 * The PIX QR code as a PNG for the order e-mails, the same pixels qrcode's `toBuffer` draws for the code as one byte
 * segment (`[{ data, mode: 'byte' }]`, { type: 'png', width, margin }), written as a 1-bit greyscale PNG. qrcode's
 * own PNG is 400×400 RGBA run through pngjs's adaptive filter (five filters tried per row, in JavaScript) and
 * level-9 deflate: ~60 ms of the worker's CPU per PIX order, the largest share of an order's e-mail. One bit per
 * pixel is 32 times less to filter and compress (qr-png.test.ts proves the pixels are the same). Deflate at level 6,
 * not 9: two bytes more of a ~1.1 KB image, in half the time.
 */
import { createRequire } from 'node:module'
import { crc32, deflateSync } from 'node:zlib'
import type QRCodeLib from 'qrcode'
import { bestMask } from './qr-mask'

// qrcode is loaded by the first QR drawn (the worker's e-mails), not by every process that imports notifications:
// the api draws none and its memory is measured (upload-memory.process.test.ts).
const requireModule = createRequire(import.meta.url)
let library: typeof QRCodeLib | undefined
const qrcode = () => {
  library ??= requireModule('qrcode') as typeof QRCodeLib
  return library
}
/** qrcode's format information (the 15 bits of a level and a mask), which its package exports no other way. */
type FormatInfo = { getEncodedBits(level: QRCodeLib.QRCode['errorCorrectionLevel'], mask: number): number }
let formatInfo: FormatInfo | undefined
const formatBits = () => {
  formatInfo ??= requireModule('qrcode/lib/core/format-info') as FormatInfo
  return formatInfo
}

/** The symbol qrcode draws for `text` as one byte segment, with the mask it would choose (qr-mask.ts). */
function symbolOf(text: string, errorCorrectionLevel: QRCodeLib.QRCodeErrorCorrectionLevel) {
  const segments = [{ data: Buffer.from(text), mode: 'byte' as const }]
  const first = qrcode().create(segments, { errorCorrectionLevel, maskPattern: 0 })
  const mask = bestMask(first.modules, (p) => formatBits().getEncodedBits(first.errorCorrectionLevel, p))
  return mask === 0
    ? first.modules
    : qrcode().create(segments, { errorCorrectionLevel, maskPattern: mask as 0 }).modules
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0)
  return Buffer.concat([head, data, crc])
}

export function qrPng(
  text: string,
  opts: { width: number; margin: number; errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H' },
): Buffer {
  // One byte-mode segment, as PIX apps encode a BR Code (its lowercase key and URL are bytes anyway): qrcode's
  // search for the shortest mix of numeric, alphanumeric and byte runs was a fifth of the QR's cost per e-mail.
  const modules = symbolOf(text, opts.errorCorrectionLevel)
  const size = modules.size
  // qrcode's geometry (lib/renderer/utils.js getScale, qrToImageData): a fractional scale, the margin scaled with it.
  const scale = opts.width >= size + opts.margin * 2 ? opts.width / (size + opts.margin * 2) : 4
  const side = Math.floor((size + opts.margin * 2) * scale)
  const margin = opts.margin * scale
  const rowBytes = Math.ceil(side / 8)
  // The module under each pixel column and row, or -1 in the margin.
  const moduleAt = (p: number) => (p >= margin && p < side - margin ? Math.floor((p - margin) / scale) : -1)
  const cols = Array.from({ length: side }, (_, j) => moduleAt(j))
  // Each row: filter type 0 (none), then the pixels 8 to a byte, most significant first; 1 is white, 0 black. Rows
  // over the same module row are the same bytes: drawn once, copied after.
  const raw = Buffer.alloc((rowBytes + 1) * side)
  let drawn = -2
  let drawnAt = 0
  for (let i = 0; i < side; i++) {
    const row = i * (rowBytes + 1)
    const r = moduleAt(i)
    if (r === drawn) {
      raw.copy(raw, row, drawnAt, drawnAt + rowBytes + 1)
      continue
    }
    for (let j = 0; j < side; j++) {
      const c = cols[j]
      if (r < 0 || c < 0 || !modules.data[r * size + c]) raw[row + 1 + (j >> 3)] |= 0x80 >> (j & 7)
    }
    drawn = r
    drawnAt = row
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header[8] = 1 // bit depth
  header[9] = 0 // greyscale
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
