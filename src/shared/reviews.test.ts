import { describe, expect, it } from 'vitest'
import { canModerate, merchantReviewSchema, reviewCreateSchema, storeScore } from './reviews'

describe('storeScore', () => {
  it('has no score with no reviews, and follows the thresholds of spec 002 §9 otherwise', () => {
    expect(storeScore(null)).toEqual({ score: null, category: 'SEM_AVALIACOES' })
    expect(storeScore(5)).toEqual({ score: 10, category: 'EXCELENTE' })
    expect(storeScore(4.5)).toEqual({ score: 9, category: 'EXCELENTE' })
    expect(storeScore(4.49)).toEqual({ score: 9, category: 'MUITO_BOM' })
    expect(storeScore(4)).toEqual({ score: 8, category: 'MUITO_BOM' })
    expect(storeScore(3.5)).toEqual({ score: 7, category: 'BOM' })
    expect(storeScore(2.5)).toEqual({ score: 5, category: 'REGULAR' })
    expect(storeScore(2.4)).toEqual({ score: 4.8, category: 'RUIM' })
    expect(storeScore(1)).toEqual({ score: 2, category: 'RUIM' })
  })
})

describe('moderation state machine', () => {
  it('allows PENDING → APPROVED | REJECTED and APPROVED → FLAGGED only', () => {
    const all = ['PENDING', 'APPROVED', 'REJECTED', 'FLAGGED'] as const
    const allowed = all.flatMap((from) => all.filter((to) => canModerate(from, to)).map((to) => `${from}>${to}`))
    expect(allowed).toEqual(['PENDING>APPROVED', 'PENDING>REJECTED', 'APPROVED>FLAGGED'])
  })
})

describe('review text', () => {
  const base = { productId: 'p', customerName: 'Ana', rating: 5, title: 'Bom', comment: 'Ok' }
  it('is trimmed, keeps line breaks and HTML as text, drops control characters', () => {
    const out = reviewCreateSchema.parse({ ...base, title: '  <b>Oi</b>\u0007 ', comment: 'a\nb\u0000' })
    expect(out.title).toBe('<b>Oi</b>')
    expect(out.comment).toBe('a\nb')
  })
  it('refuses blank required fields with the spec message, and a rating outside 1–5', () => {
    const res = reviewCreateSchema.safeParse({ ...base, title: ' ', rating: 9 })
    expect(res.success).toBe(false)
    const messages = Object.fromEntries(res.error!.issues.map((i) => [i.path[0], i.message]))
    expect(messages).toEqual({
      title: 'Preencha todos os campos obrigatórios',
      rating: 'A nota deve ser um número inteiro de 1 a 5',
    })
  })
  it("gives the merchant's review a rating of 5 unless chosen", () => {
    const out = merchantReviewSchema.parse({ customerName: 'A', title: 'B', comment: 'C', productName: 'D' })
    expect(out.rating).toBe(5)
  })
})
