import { describe, expect, it } from 'vitest'
import { cleanFileName, detectDeliverableType } from './file-types'

describe('detectDeliverableType', () => {
  it('recognises each accepted type by its bytes', () => {
    expect(detectDeliverableType(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf')
    const epub = Buffer.concat([
      Buffer.from('PK\u0003\u0004'),
      Buffer.alloc(26),
      Buffer.from('mimetypeapplication/epub+zip'),
    ])
    expect(detectDeliverableType(epub)).toBe('application/epub+zip')
    expect(detectDeliverableType(Buffer.from('PK\u0003\u0004rest'))).toBe('application/zip')
    expect(detectDeliverableType(Buffer.from('ID3\u0004'))).toBe('audio/mpeg')
    expect(detectDeliverableType(Buffer.from([0xff, 0xfb, 0x90, 0x00]))).toBe('audio/mpeg')
    expect(detectDeliverableType(Buffer.from('\u0000\u0000\u0000\u0018ftypmp42'))).toBe('video/mp4')
  })

  it('refuses anything else, whatever its name', () => {
    expect(detectDeliverableType(Buffer.from('MZ\u0090\u0000'))).toBeUndefined()
    expect(detectDeliverableType(Buffer.from('<html>'))).toBeUndefined()
    expect(detectDeliverableType(Buffer.alloc(0))).toBeUndefined()
  })
})

describe('cleanFileName', () => {
  it('neutralises path tricks and control characters', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd')
    expect(cleanFileName('C:\\Users\\a\\Guia.pdf')).toBe('Guia.pdf')
    expect(cleanFileName('..hidden\u0000.pdf')).toBe('hidden.pdf')
    expect(cleanFileName('')).toBe('arquivo')
    expect(cleanFileName(undefined)).toBe('arquivo')
  })
})
