import { createRequire } from 'node:module'
import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'
import { bestMask } from './qr-mask'

const formatInfo = createRequire(import.meta.url)('qrcode/lib/core/format-info') as {
  getEncodedBits(level: unknown, mask: number): number
}

/** BR Codes of the lengths PIX charges have (a key, a name, a city, an amount, a txid), and a few that are not. */
function codes(): string[] {
  const out = ['x', `https://example.com/${'a'.repeat(300)}`, '0'.repeat(120)]
  for (let n = 0; n < 300; n++) {
    const key = n % 3 === 0 ? `loja${n}@example.com` : crypto.randomUUID()
    const amount = (1 + n * 79.19).toFixed(2)
    const txid = crypto
      .randomUUID()
      .replaceAll('-', '')
      .slice(0, 5 + (n % 21))
    out.push(
      `000201${n % 2 ? '010212' : ''}26${String(22 + key.length).padStart(2, '0')}0014br.gov.bcb.pix01${String(key.length).padStart(2, '0')}${key}` +
        `52040000530398654${String(amount.length).padStart(2, '0')}${amount}5802BR59${String(5 + (n % 20)).padStart(2, '0')}LOJA ${'X'.repeat(n % 20)}` +
        `6009SAO PAULO62${String(4 + txid.length).padStart(2, '0')}05${String(txid.length).padStart(2, '0')}${txid}6304ABCD`,
    )
  }
  return out
}

describe('bestMask', () => {
  it('picks the mask qrcode picks, on every level', () => {
    for (const level of ['L', 'M', 'Q', 'H'] as const) {
      for (const code of codes()) {
        const segments = [{ data: Buffer.from(code), mode: 'byte' as const }]
        const theirs = QRCode.create(segments, { errorCorrectionLevel: level }).maskPattern
        const first = QRCode.create(segments, { errorCorrectionLevel: level, maskPattern: 0 })
        const ours = bestMask(first.modules, (p) => formatInfo.getEncodedBits(first.errorCorrectionLevel, p))
        expect(ours, `${level} ${code}`).toBe(theirs)
      }
    }
  })
})
