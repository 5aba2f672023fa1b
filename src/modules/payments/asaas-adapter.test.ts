import { describe, expect, it } from 'vitest'
import { startFakeAsaas } from '../../testing/fake-asaas'
import { asaasGateway, centsToReais, reaisToCents } from './asaas-adapter'
import type { WireRequest } from './gateway-client'
import { httpTransport } from './gateway-http'

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

describe('Asaas split at charge time (against the fake written from docs.asaas.com)', () => {
  const KEY = '$aact_split_store_0001'
  const pix = (split: { walletId: string; amountCents: number }[]) => ({
    amountCents: 10_000,
    method: 'PIX' as const,
    customer: { name: 'Maria Silva', email: 'maria@example.com', phone: '11987654321', document: '52998224725' },
    items: [{ title: 'Curso', unitPriceCents: 10_000, quantity: 1, tangible: false, externalRef: 'p1' }],
    externalRef: crypto.randomUUID(),
    split,
  })

  it('declares the split capability and sends each part as { walletId, fixedValue } in reais', async () => {
    const fake = await startFakeAsaas()
    try {
      const gateway = asaasGateway(httpTransport(fake.url))
      expect(gateway.capabilities.split).toBe(true)
      const partner = fake.walletOf('$aact_partner_0001')
      const tx = await gateway.charge(KEY, pix([{ walletId: partner, amountCents: 3_001 }]))
      expect(tx.status).toBe('PENDING')
      const sent = fake.calls.find((c) => c.method === 'POST' && c.path === '/v3/payments')!
      expect(sent.body?.split).toEqual([{ walletId: partner, fixedValue: 30.01 }])
      expect(fake.payment(tx.id)?.split).toMatchObject([{ walletId: partner, totalValue: 30.01, status: 'PENDING' }])
    } finally {
      await fake.close()
    }
  })

  it('the fake refuses an unknown wallet, the issuing account own wallet and parts above the net value', async () => {
    const fake = await startFakeAsaas()
    try {
      const gateway = asaasGateway(httpTransport(fake.url))
      const partner = fake.walletOf('$aact_partner_0002')
      await expect(
        gateway.charge(KEY, pix([{ walletId: crypto.randomUUID(), amountCents: 100 }])),
      ).rejects.toMatchObject({ kind: 'invalid', httpStatus: 400 })
      await expect(
        gateway.charge(KEY, pix([{ walletId: fake.walletOf(KEY), amountCents: 100 }])),
      ).rejects.toMatchObject({ kind: 'invalid' })
      await expect(
        gateway.charge(
          KEY,
          pix([
            { walletId: partner, amountCents: 6_000 },
            { walletId: fake.walletOf('$aact_partner_0003'), amountCents: 4_001 },
          ]),
        ),
      ).rejects.toMatchObject({
        kind: 'invalid',
        message: 'O valor total do split excede o valor líquido da cobrança.',
      })
      const exact = await gateway.charge(
        KEY,
        pix([
          { walletId: partner, amountCents: 6_000 },
          { walletId: fake.walletOf('$aact_partner_0003'), amountCents: 4_000 },
        ]),
      )
      expect(exact.status).toBe('PENDING')
    } finally {
      await fake.close()
    }
  })
})
