import { PNG } from 'pngjs'
import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'
import { qrPng } from './qr-png'

const CODES = [
  '00020101021226830014br.gov.bcb.pix2561qrcodes-pix.example.com/v2/cobv/9d36b84fc70b478fb95c12729b90ca255204000053039865406103.905802BR5925LOJA EXEMPLO LTDA6009SAO PAULO62070503***6304ABCD',
  '00020126360014BR.GOV.BCB.PIX0114+5511999999999520400005303986540510.005802BR5909Loja Test6009Sao Paulo62070503***63041D3D',
  'x',
]

describe('qrPng', () => {
  it.each(CODES)('draws the same pixels as qrcode’s own PNG (%#)', async (code) => {
    const opts = { width: 400, margin: 1, errorCorrectionLevel: 'M' } as const
    const theirs = PNG.sync.read(
      await QRCode.toBuffer([{ data: Buffer.from(code), mode: 'byte' }], { type: 'png', ...opts }),
    )
    const ours = PNG.sync.read(qrPng(code, opts))
    expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height])
    expect(Buffer.compare(ours.data, theirs.data)).toBe(0)
  })

  it('reads back as the code it was given', async () => {
    // The modules qrcode lays out for a byte segment carry the code's bytes, whatever mix it would have chosen.
    const code = CODES[0]!
    const segments = QRCode.create([{ data: Buffer.from(code), mode: 'byte' }], { errorCorrectionLevel: 'M' }).segments
    expect(segments.map((s) => s.mode.id)).toEqual(['Byte'])
    expect(Buffer.from(segments.map((s) => (s as unknown as { data: Uint8Array }).data)[0]!).toString()).toBe(code)
  })
})
