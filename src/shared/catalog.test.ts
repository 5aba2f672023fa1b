import { describe, expect, it } from 'vitest'
import {
  detectImageType,
  imageFileError,
  MSG,
  productCheckoutPath,
  productImageSrc,
  productInputSchema,
  productPatchSchema,
} from './catalog'

const errorsOf = (input: unknown) => {
  const r = productInputSchema.safeParse(input)
  if (r.success) return {}
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('productInputSchema', () => {
  const base = { name: 'Camiseta', price: '59,90', type: 'PHYSICAL', stock: '10' }

  it('turns form strings into a product in cents', () => {
    expect(productInputSchema.parse({ ...base, description: '  Algodão ', imageUrl: '' })).toEqual({
      name: 'Camiseta',
      description: 'Algodão',
      priceCents: 5990,
      type: 'PHYSICAL',
      stock: 10,
      imageUrl: null,
      digitalFileUrl: null,
      weightGrams: null,
      heightCm: null,
      widthCm: null,
      lengthCm: null,
    })
    expect(productInputSchema.parse({ ...base, price: 0.1 + 0.2 }).priceCents).toBe(30)
    expect(productInputSchema.parse({ name: 'x', price: 1, stock: 0 }).type).toBe('PHYSICAL')
  })

  it('takes weight and size as whole numbers in range, from form strings, for physical products only', () => {
    const dims = { weightGrams: '600', heightCm: '10', widthCm: 15, lengthCm: '' }
    expect(productInputSchema.parse({ ...base, ...dims })).toMatchObject({
      weightGrams: 600,
      heightCm: 10,
      widthCm: 15,
      lengthCm: null,
    })
    expect(errorsOf({ ...base, weightGrams: 30_001, widthCm: 1.5, lengthCm: 'x' })).toEqual({
      weightGrams: MSG.weightGrams,
      widthCm: MSG.widthCm,
      lengthCm: MSG.lengthCm,
    })
    expect(productInputSchema.parse({ ...base, ...dims, type: 'DIGITAL' }).weightGrams).toBeNull()
  })

  it('requires a name that is not blank', () => {
    expect(errorsOf({ ...base, name: '   ' })).toEqual({ name: MSG.name })
    expect(errorsOf({ ...base, name: undefined })).toEqual({ name: MSG.name })
    expect(errorsOf({ ...base, name: 'x'.repeat(201) })).toEqual({ name: MSG.nameMax })
  })

  it('requires a price above zero', () => {
    for (const price of ['0', 0, -1, '', 'abc', 0.004, undefined, null]) {
      expect(errorsOf({ ...base, price }), String(price)).toEqual({ price: 'Preço deve ser maior que zero.' })
    }
    expect(errorsOf({ ...base, price: '0.01' })).toEqual({})
  })

  it('requires a whole, non-negative stock for physical products only', () => {
    const msg = 'Estoque é obrigatório para produtos físicos e não pode ser negativo.'
    for (const stock of [undefined, '', null, '-1', 2.5, 'muito']) {
      expect(errorsOf({ ...base, stock }), String(stock)).toEqual({ stock: msg })
    }
    expect(errorsOf({ ...base, stock: '0' })).toEqual({})
    const digital = productInputSchema.parse({ ...base, type: 'DIGITAL', stock: '-4' })
    expect(digital.stock).toBeNull()
  })

  it('checks image and digital file URLs', () => {
    expect(errorsOf({ ...base, imageUrl: 'data:image/png;base64,xx' })).toEqual({ imageUrl: 'URL da imagem inválida.' })
    expect(errorsOf({ ...base, imageUrl: 'https://cdn.example.com/a.png' })).toEqual({})
    expect(errorsOf({ ...base, imageUrl: '/uploads/a.png' })).toEqual({})
    const digital = { ...base, type: 'DIGITAL' }
    expect(errorsOf({ ...digital, digitalFileUrl: 'ftp://x' })).toEqual({
      digitalFileUrl: 'URL do arquivo digital inválida.',
    })
    expect(errorsOf({ ...digital, digitalFileUrl: '/uploads/a.pdf' })).toEqual({
      digitalFileUrl: 'URL do arquivo digital inválida.',
    })
    expect(productInputSchema.parse({ ...digital, digitalFileUrl: 'https://f.example/x.zip' }).digitalFileUrl).toBe(
      'https://f.example/x.zip',
    )
    // a hidden digital URL never blocks or sticks to a physical product
    expect(productInputSchema.parse({ ...base, digitalFileUrl: 'garbage' }).digitalFileUrl).toBeNull()
  })

  it('reports every broken field at once', () => {
    expect(errorsOf({ type: 'PHYSICAL', name: '', price: '', stock: '' })).toEqual({
      name: MSG.name,
      price: MSG.price,
      stock: MSG.stock,
    })
    expect(errorsOf({ type: 'DIGITAL', name: '', price: '1', digitalFileUrl: 'x' })).toEqual({
      name: MSG.name,
      digitalFileUrl: MSG.digitalFileUrl,
    })
  })

  it('rejects an unknown type', () => {
    expect(errorsOf({ ...base, type: 'SERVICE' })).toEqual({ type: MSG.type })
    expect(productInputSchema.parse({ ...base, type: 'digital' }).type).toBe('DIGITAL')
  })

  it('lets a patch carry any subset and re-parses its own output', () => {
    const patch = productPatchSchema.parse({ price: '12,5' })
    expect(patch).toEqual({ price: 12.5 })
    expect(productPatchSchema.parse(patch)).toEqual(patch)
    expect(productPatchSchema.safeParse({ price: '0' }).success).toBe(false)
  })
})

describe('images', () => {
  it('knows an image by its first bytes', () => {
    expect(detectImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(detectImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png')
    expect(detectImageType(new TextEncoder().encode('GIF89a...'))).toBe('image/gif')
    expect(detectImageType(new TextEncoder().encode('GIF87a...'))).toBe('image/gif')
    expect(detectImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp')
    expect(detectImageType(new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined()
    expect(detectImageType(new TextEncoder().encode('<svg/>'))).toBeUndefined()
    expect(detectImageType(new Uint8Array())).toBeUndefined()
  })

  it('checks a chosen file in the form', () => {
    expect(imageFileError({ size: 5 * 1024 * 1024, type: 'image/png' })).toBeUndefined()
    expect(imageFileError({ size: 5 * 1024 * 1024 + 1, type: 'image/png' })).toBe(
      'O arquivo de imagem não deve exceder 5MB.',
    )
    expect(imageFileError({ size: 10, type: 'image/svg+xml' })).toBe(
      'Tipo de arquivo de imagem inválido. Use JPG, PNG, GIF ou WEBP.',
    )
  })

  it('shows a placeholder for missing or broken image values', () => {
    for (const v of [
      null,
      undefined,
      '',
      '  ',
      'undefined',
      'null',
      '/uploads/undefined',
      '/uploads/null.png',
      '/uploads/example-product.jpg',
    ]) {
      expect(productImageSrc(v), String(v)).toBeUndefined()
    }
    expect(productImageSrc('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png')
    expect(productImageSrc('https://storage.googleapis.com/b/null.png')).toBe(
      'https://storage.googleapis.com/b/null.png',
    )
    expect(productImageSrc('/uploads/abc.png')).toBe('/uploads/abc.png')
    expect(productImageSrc('/uploads/abc.png', 'http://localhost:3001/')).toBe('http://localhost:3001/uploads/abc.png')
  })
})

describe('productCheckoutPath', () => {
  it('links physical and digital products to their checkout', () => {
    expect(productCheckoutPath('s1', { id: 'p1', type: 'PHYSICAL' })).toBe('/checkout/s1/p1')
    expect(productCheckoutPath('s1', { id: 'p2', type: 'DIGITAL' })).toBe('/digital-checkout/s1/p2')
  })
})
