import { describe, expect, it } from 'vitest'
import { asaasGateway, centsToReais, reaisToCents } from './asaas-adapter'
import type { WireRequest } from './gateway-client'

describe('Asaas amounts', () => {
  it('converts cents and reais exactly, to the centavo', () => {
    for (let cents = 1; cents < 200_000; cents += 7) expect(reaisToCents(centsToReais(cents))).toBe(cents)
    expect(centsToReais(15_990)).toBe(159.9)
    expect(reaisToCents(0.1 + 0.2)).toBe(30)
  })
})

describe('Asaas answers', () => {
  const answering = (status: number, body: unknown) => {
    const seen: WireRequest[] = []
    const gateway = asaasGateway(async (req) => {
      seen.push(req)
      return { status, body: JSON.stringify(body) }
    })
    return { gateway, seen }
  }

  it('reads a received payment as PAID, a chargeback as a refund marked chargedBack, and sends access_token', async () => {
    const paid = answering(200, { id: 'pay_1', status: 'RECEIVED', value: 10.01, billingType: 'PIX' })
    expect(await paid.gateway.read('$aact_k', 'pay_1')).toMatchObject({ status: 'PAID', amountCents: 1_001 })
    expect(paid.seen[0]!.headers.access_token).toBe('$aact_k')
    expect(paid.seen[0]!.path).toBe('/v3/payments/pay_1')
    const back = answering(200, { id: 'pay_2', status: 'CHARGEBACK_REQUESTED', value: 5, billingType: 'CREDIT_CARD' })
    expect(await back.gateway.read('$aact_k', 'pay_2')).toMatchObject({ status: 'REFUNDED', chargedBack: true })
  })

  it('maps errors: 401 unauthorized, 503 unavailable with its status (safe to fall back), 400 with the description', async () => {
    await expect(answering(401, {}).gateway.read('$aact_k', 'x')).rejects.toMatchObject({ kind: 'unauthorized' })
    await expect(answering(503, 'down').gateway.read('$aact_k', 'x')).rejects.toMatchObject({
      kind: 'unavailable',
      httpStatus: 503,
    })
    await expect(
      answering(400, { errors: [{ code: 'invalid_value', description: 'Valor inválido.' }] }).gateway.read(
        '$aact_k',
        'x',
      ),
    ).rejects.toMatchObject({ kind: 'invalid', message: 'Valor inválido.' })
  })
})
