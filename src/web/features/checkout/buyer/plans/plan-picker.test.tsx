import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { type PublicPlan, renewalNote } from '../../../../../shared/subscription-labels'
import { choiceOf } from './checkout-plans'
import { PlanPicker } from './plan-picker'

const MONTHLY: PublicPlan = {
  id: 'p-mensal',
  name: 'Mensal',
  intervalUnit: 'MONTH',
  intervalCount: 1,
  priceCents: 4990,
  trialDays: 7,
  maxCycles: null,
  methods: ['credit_card', 'pix'],
}
const QUARTERLY: PublicPlan = {
  ...MONTHLY,
  id: 'p-tri',
  name: 'Trimestral',
  intervalCount: 3,
  priceCents: 13990,
  trialDays: 0,
}
const YEARLY: PublicPlan = {
  ...MONTHLY,
  id: 'p-anual',
  name: 'Anual',
  intervalUnit: 'YEAR',
  priceCents: 47900,
  trialDays: 0,
  maxCycles: 2,
}

function Picker({ plans, onChange }: { plans: PublicPlan[]; onChange: (id: string) => void }) {
  const [value, setValue] = useState<string | undefined>()
  return (
    <PlanPicker
      plans={plans}
      value={value}
      onChange={(id) => {
        setValue(id)
        onChange(id)
      }}
    />
  )
}

describe('PlanPicker', () => {
  it("shows each plan's price per period and its free trial, as the buyer reads them", () => {
    render(<Picker plans={[MONTHLY, QUARTERLY, YEARLY]} onChange={vi.fn()} />)
    const group = screen.getByRole('group', { name: 'Escolha seu plano' })
    // Intl puts a no-break space after 'R$'.
    const text = group.textContent?.replaceAll('\u00a0', ' ')
    expect(text).toContain('R$ 49,90/mês')
    expect(text).toContain('7 dias grátis')
    expect(text).toContain('R$ 139,90 a cada 3 meses')
    expect(text).toContain('R$ 479,00/ano')
    expect(text).toContain('2 cobranças')
  })

  it("prefers the server's labels when it sends them", () => {
    render(
      <Picker plans={[{ ...MONTHLY, label: 'R$ 49,90 por mês', trialLabel: '1 semana grátis' }]} onChange={vi.fn()} />,
    )
    expect(screen.getByText('R$ 49,90 por mês')).toBeTruthy()
    expect(screen.getByText('1 semana grátis')).toBeTruthy()
  })

  it('chooses the first plan until the buyer picks another, one radio checked at a time', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    render(<Picker plans={[MONTHLY, QUARTERLY]} onChange={onChange} />)
    expect(onChange).toHaveBeenCalledWith('p-mensal')
    const monthly = screen.getByRole('radio', { name: /Mensal/ }) as HTMLInputElement
    const quarterly = screen.getByRole('radio', { name: /Trimestral/ }) as HTMLInputElement
    expect(monthly.checked).toBe(true)
    await user.click(quarterly)
    expect(onChange).toHaveBeenLastCalledWith('p-tri')
    expect(quarterly.checked).toBe(true)
    expect(monthly.checked).toBe(false)
  })

  it('draws nothing for a product without plans', () => {
    const { container } = render(<Picker plans={[]} onChange={vi.fn()} />)
    expect(container.textContent).toBe('')
  })

  it('the card step says the card is charged every period, after the trial', () => {
    expect(renewalNote(MONTHLY).replaceAll('\u00a0', ' ')).toBe(
      'Assinatura: 7 dias grátis, depois R$ 49,90/mês. Seu cartão será cobrado automaticamente a cada período; cancele quando quiser.',
    )
    expect(renewalNote(QUARTERLY).replaceAll('\u00a0', ' ')).toMatch(
      /^Assinatura: R\$ 139,90 a cada 3 meses\. Seu cartão será cobrado/,
    )
  })

  it("shows the server's trial note, and a trial plan's choice is by card, pays R$ 0,00 and says 'Começar teste grátis'", () => {
    const note = '7 dias grátis. Primeira cobrança de R$ 49,90 em 07/02/2027.'
    const trial: PublicPlan = { ...MONTHLY, trialNote: note }
    render(<Picker plans={[trial, QUARTERLY]} onChange={vi.fn()} />)
    expect(screen.getByRole('group', { name: 'Escolha seu plano' }).textContent).toContain(note)
    expect(choiceOf(trial)).toEqual({
      planId: trial.id,
      methods: ['credit_card'],
      note,
      payLabel: 'Começar teste grátis',
    })
    expect(choiceOf(QUARTERLY).payLabel).toBeUndefined()
  })
})
