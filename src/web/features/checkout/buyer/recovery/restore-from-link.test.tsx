import { beforeEach, describe, expect, it, vi } from 'vitest'
import { api } from '../../../../lib/api'
import { calculateShipping } from '../api/calculate-shipping'
import { PAC } from '../test-fixtures'
import { restoreFromLink } from './restore-from-link'

vi.mock('../../../../lib/api', async (original) => ({
  ...(await original<typeof import('../../../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn() },
}))
vi.mock('../api/calculate-shipping', () => ({ calculateShipping: vi.fn() }))

const ADDRESS = {
  zipCode: '01310-100',
  address: 'Avenida Paulista',
  number: '1000',
  complement: '',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  method: 'pac',
}
const saved = () => JSON.parse(sessionStorage.getItem('checkout-form:s1:p1') ?? 'null')

beforeEach(() => {
  sessionStorage.clear()
  vi.mocked(calculateShipping)
    .mockReset()
    .mockResolvedValue({ options: [PAC], fallback: false, message: null } as never)
})

describe('restoreFromLink (issue 33)', () => {
  it('gives back the step reached and writes the address with its option quoted again; the CPF stays empty', async () => {
    vi.mocked(api.get).mockResolvedValue({
      sessionId: 'sess-1',
      productId: 'p1',
      step: 3,
      fields: { customer: { name: 'Ana', email: 'ana@exemplo.com', phone: '(11) 98765-4321' }, shipping: ADDRESS },
    })
    expect(await restoreFromLink('s1', 'token')).toBe(3)
    expect(calculateShipping).toHaveBeenCalledWith('s1', '01310100', { productId: 'p1', price: 0 })
    expect(saved()).toEqual({
      customer: { name: 'Ana', email: 'ana@exemplo.com', phone: '(11) 98765-4321', cpf: '' },
      shipping: ADDRESS,
      option: PAC,
    })
    expect(sessionStorage.getItem('checkout-session:s1:p1')).toBe('sess-1')
  })

  it('an option no longer offered for the CEP is chosen again: the address stays, the method is cleared', async () => {
    vi.mocked(calculateShipping).mockResolvedValue({ options: [], fallback: false, message: 'Sem entrega' } as never)
    vi.mocked(api.get).mockResolvedValue({
      sessionId: 'sess-1',
      productId: 'p1',
      step: 3,
      fields: { customer: { email: 'ana@exemplo.com' }, shipping: ADDRESS },
    })
    expect(await restoreFromLink('s1', 'token')).toBe(3)
    expect(saved().shipping).toEqual({ ...ADDRESS, method: '' })
    expect(saved().option).toBeUndefined()
  })

  it('a link the server refuses opens the plain checkout', async () => {
    vi.mocked(api.get).mockRejectedValue(new Error('404'))
    expect(await restoreFromLink('s1', 'forged')).toBe(1)
    expect(saved()).toBeNull()
  })
})
