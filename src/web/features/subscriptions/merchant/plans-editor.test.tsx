import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { descriptionOf } from '../../../testing/dom'
import { PlansEditor } from './plans-editor'

const PLANS_URL = '/api/stores/s1/products/p1/plans'

/** The server's side of the plans routes: an empty list, and every POST answered with the created plan. */
function fakeServer() {
  const posted: unknown[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    if (url.pathname !== PLANS_URL) return new Response('{}', { status: 404 })
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body))
      posted.push(body)
      return Response.json(
        { id: 'plan-1', ...body, label: 'R$ 49,90/mês', trialLabel: '7 dias grátis' },
        { status: 201 },
      )
    }
    return Response.json(posted.map((b, i) => ({ id: `plan-${i + 1}`, ...(b as object) })))
  })
  vi.stubGlobal('fetch', fetchMock)
  return { posted }
}

afterEach(() => vi.unstubAllGlobals())

async function openForm() {
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PlansEditor storeId="s1" productId="p1" />
    </QueryClientProvider>,
  )
  await screen.findByText('Sem planos: o produto é vendido em pagamento único.')
  await user.click(screen.getByRole('button', { name: 'Adicionar plano' }))
  const form = screen.getByRole('group', { name: 'Novo plano' })
  const field = (label: string) => within(form).getByLabelText(label) as HTMLInputElement
  const save = () => user.click(within(form).getByRole('button', { name: 'Salvar plano' }))
  const set = async (label: string, value: string) => {
    await user.clear(field(label))
    if (value) await user.type(field(label), value)
  }
  return { user, form, field, save, set }
}

describe('PlansEditor validation', () => {
  it('an empty plan says what is missing under each field and sends nothing', async () => {
    const server = fakeServer()
    const { field, save } = await openForm()
    await save()
    await waitFor(() => expect(descriptionOf(field('Nome do plano *'))).toBe('Informe o nome do plano'))
    expect(descriptionOf(field('Preço por período (R$) *'))).toBe('Informe o preço, como 49,90')
    expect(field('Nome do plano *').getAttribute('aria-invalid')).toBe('true')
    expect(server.posted).toEqual([])
  })

  it("refuses the issue's bad input: zero price, 13 months, 53 weeks, a trial over 365 days, no method", async () => {
    const server = fakeServer()
    const { user, form, field, save, set } = await openForm()
    await set('Nome do plano *', 'Mensal')
    await set('Preço por período (R$) *', '0,00')
    await set('Intervalo *', '13')
    await set('Dias grátis', '366')
    await user.click(within(form).getByLabelText('Cartão de crédito'))
    await save()
    await waitFor(() =>
      expect(descriptionOf(field('Preço por período (R$) *'))).toBe('O preço deve ser maior que zero'),
    )
    expect(descriptionOf(field('Intervalo *'))).toBe('Intervalo entre 1 e 12 meses')
    expect(descriptionOf(field('Dias grátis'))).toBe('O teste grátis pode ter no máximo 365 dias')
    expect(within(form).getByText('Escolha uma forma de pagamento')).toBeTruthy()

    await user.selectOptions(field('Cobrança a cada *'), 'WEEK')
    await set('Intervalo *', '53')
    await save()
    await waitFor(() => expect(descriptionOf(field('Intervalo *'))).toBe('Intervalo entre 1 e 52 semanas'))
    expect(server.posted).toEqual([])
  })

  it('a valid plan is sent in integer cents and then listed', async () => {
    const server = fakeServer()
    const { user, form, save, set } = await openForm()
    await set('Nome do plano *', 'Trimestral')
    await set('Preço por período (R$) *', '139,90')
    await set('Intervalo *', '3')
    await set('Dias grátis', '7')
    await user.click(within(form).getByLabelText('PIX'))
    await save()
    await waitFor(() => expect(server.posted).toHaveLength(1))
    expect(server.posted[0]).toEqual({
      name: 'Trimestral',
      priceCents: 13990,
      intervalUnit: 'MONTH',
      intervalCount: 3,
      trialDays: 7,
      maxCycles: null,
      methods: ['credit_card', 'pix'],
      active: true,
    })
    await screen.findByText((t) => t.replaceAll('\u00a0', ' ').includes('R$ 139,90 a cada 3 meses'))
    expect(screen.queryByRole('group', { name: 'Novo plano' })).toBeNull()
  })
})
