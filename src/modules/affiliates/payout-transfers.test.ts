import { describe, expect, it } from 'vitest'
import { isValidPixKey } from '../../shared/affiliates'
import { pixAddressOf } from './payout-transfers'

describe('pixAddressOf: the PIX key as Asaas takes it (pixAddressKey + pixAddressKeyType)', () => {
  it.each([
    ['529.982.247-25', { pixKey: '52998224725', pixKeyType: 'CPF' }],
    ['11.222.333/0001-81', { pixKey: '11222333000181', pixKeyType: 'CNPJ' }],
    ['Ana@Example.com', { pixKey: 'Ana@Example.com', pixKeyType: 'EMAIL' }],
    ['+55 (11) 98765-4321', { pixKey: '+5511987654321', pixKeyType: 'PHONE' }],
    ['3F2504E0-4F89-41D3-9A0C-0305E82C3301', { pixKey: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', pixKeyType: 'EVP' }],
  ])('%s', (key, want) => {
    expect(isValidPixKey(key)).toBe(true)
    expect(pixAddressOf(key)).toEqual(want)
  })
})
