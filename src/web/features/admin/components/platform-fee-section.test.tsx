import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { AFFILIATE_MESSAGES } from '../../../../shared/affiliates'
import { api } from '../../../lib/api'
import { PlatformFeeSection } from './platform-fee-section'

// The admin's 'Taxa da plataforma' section over the existing admin API (GET/PUT /admin/affiliates/platform-fee).
vi.mock('../../../lib/api', async (original) => ({
  ...(await original<typeof import('../../../lib/api')>()),
  api: { get: vi.fn(), put: vi.fn() },
}))

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <PlatformFeeSection />
    </QueryClientProvider>,
  )
}

describe('Taxa da plataforma', () => {
  beforeEach(() => {
    vi.clearAllMocks()
    vi.mocked(api.get).mockResolvedValue({ percentBps: 250, fixedCents: 99 })
    vi.mocked(api.put).mockImplementation(async (_url, body) => ({
      data: body,
      message: AFFILIATE_MESSAGES.platformFeeSaved,
    }))
  })

  it('shows the saved fee, saves a new one in basis points and centavos through the admin API', async () => {
    renderSection()
    const percent = await screen.findByLabelText('Percentual (pontos-base)')
    await waitFor(() => expect(percent).toHaveProperty('value', '250'))
    expect(screen.getByLabelText('Valor fixo (centavos)')).toHaveProperty('value', '99')
    await userEvent.clear(percent)
    await userEvent.type(percent, '500')
    await userEvent.click(screen.getByRole('button', { name: 'Salvar taxa' }))
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/admin/affiliates/platform-fee', { percentBps: 500, fixedCents: 99 }),
    )
  })

  it('refuses a percentage above 100 % with the message under the field, sending nothing', async () => {
    renderSection()
    const percent = await screen.findByLabelText('Percentual (pontos-base)')
    await waitFor(() => expect(percent).toHaveProperty('value', '250'))
    await userEvent.clear(percent)
    await userEvent.type(percent, '10001')
    await userEvent.click(screen.getByRole('button', { name: 'Salvar taxa' }))
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(api.put).not.toHaveBeenCalled()
  })
})
