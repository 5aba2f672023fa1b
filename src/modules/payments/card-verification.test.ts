import { describe, expect, it } from 'vitest'
import { asaasGateway } from './asaas-adapter'
import type { WireRequest } from './gateway-client'

const input = {
  card: { number: '4111 1111 1111 1111', holderName: 'MARIA SILVA', expMonth: 12, expYear: 39, cvv: '123' },
  customer: {
    name: 'Maria Silva',
    email: 'm@example.com',
    phone: '(11) 98765-4321',
    document: '529.982.247-25',
    postalCode: '01001000',
    addressNumber: '10',
  },
  customerRef: 'cus_1',
  externalRef: 'tx-1',
}

describe('Asaas card check (POST /v3/creditCard/tokenizeCreditCard)', () => {
  it('answers the token for the customer, sends the card and holder as Asaas names them; a declined card is REFUSED', async () => {
    const seen: WireRequest[] = []
    const ok = asaasGateway(async (req) => {
      seen.push(req)
      return {
        status: 200,
        body: JSON.stringify({ creditCardNumber: '1111', creditCardBrand: 'VISA', creditCardToken: 'tok_1' }),
      }
    })
    expect(ok.capabilities.cardVerification).toBe(true)
    expect(await ok.verifyCard!('$aact_k', input)).toMatchObject({
      status: 'VERIFIED',
      savedCard: { token: 'tok_1', customerRef: 'cus_1' },
      card: { lastDigits: '1111', brand: 'visa' },
    })
    expect(seen[0]!.path).toBe('/v3/creditCard/tokenizeCreditCard')
    expect(JSON.parse(seen[0]!.body!)).toMatchObject({
      customer: 'cus_1',
      creditCard: { number: '4111111111111111', expiryMonth: '12', expiryYear: '2039', ccv: '123' },
      creditCardHolderInfo: { cpfCnpj: '52998224725', postalCode: '01001000', addressNumber: '10' },
    })
    const declined = asaasGateway(async () => ({
      status: 400,
      body: JSON.stringify({ errors: [{ code: 'invalid_creditCard', description: 'Transação não autorizada.' }] }),
    }))
    expect(await declined.verifyCard!('$aact_k', input)).toMatchObject({ status: 'REFUSED' })
  })
})
