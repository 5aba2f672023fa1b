import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { BuyerSubscription } from '../model'
import { SubscriptionSummary } from './subscription-summary'

const TRIALING: BuyerSubscription = {
  id: 'sub-1',
  status: 'TRIALING',
  storeName: 'Clube do Livro',
  productName: 'Clube de Leitura',
  plan: {
    id: 'p1',
    name: 'Mensal',
    intervalUnit: 'MONTH',
    intervalCount: 1,
    priceCents: 4990,
    trialDays: 7,
    maxCycles: null,
    methods: ['credit_card'],
    label: 'R$ 49,90/mês',
    trialLabel: '7 dias grátis',
    firstChargeAt: '2027-02-07T12:00:00.000Z',
    trialNote: '7 dias grátis. Primeira cobrança de R$ 49,90 em 07/02/2027.',
  },
  method: 'credit_card',
  currentPeriodStart: '2027-01-31T12:00:00.000Z',
  currentPeriodEnd: '2027-02-07T12:00:00.000Z',
  accessUntil: '2027-02-07T12:00:00.000Z',
  hasAccess: true,
  cancelAtPeriodEnd: false,
  card: { brand: 'visa', last4: '1111' },
  invoices: [],
}

describe('SubscriptionSummary', () => {
  it('a trial tells its free days and the first charge date', () => {
    render(<SubscriptionSummary s={TRIALING} />)
    expect(screen.getByTestId('subscription-trial').textContent).toBe(
      '7 dias grátis. Primeira cobrança de R$ 49,90 em 07/02/2027.',
    )
  })

  it('an active subscription says nothing of a trial', () => {
    render(<SubscriptionSummary s={{ ...TRIALING, status: 'ACTIVE' }} />)
    expect(screen.queryByTestId('subscription-trial')).toBeNull()
  })
})
