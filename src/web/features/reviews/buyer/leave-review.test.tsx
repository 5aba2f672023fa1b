import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { REVIEW_MESSAGES } from '../../../../shared/reviews'
import { ApiError } from '../../../lib/api'
import { createReview, getReviewableOrder } from './api'
import LeaveReview from './leave-review'

vi.mock('./api', () => ({ createReview: vi.fn(), getReviewableOrder: vi.fn() }))

beforeEach(() => {
  localStorage.clear()
  vi.mocked(getReviewableOrder).mockResolvedValue({
    customerName: 'Ana Souza',
    products: [{ productId: 'p1', productName: 'Camiseta', reviewed: false }],
  } as never)
  vi.mocked(createReview).mockReset()
})

async function send() {
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LeaveReview orderId="o1" storeId="s1" reviewToken="token" />
    </QueryClientProvider>,
  )
  await user.click(await screen.findByLabelText('5 estrelas'))
  await user.type(screen.getByLabelText('Título *'), 'Ótima')
  await user.type(screen.getByLabelText('Comentário *'), 'Chegou rápido e é confortável.')
  await user.click(screen.getByRole('button', { name: 'Enviar avaliação' }))
}

describe('LeaveReview refusals, by code', () => {
  it('REVIEW_ALREADY_SENT turns the form into the thank-you, whatever the message says', async () => {
    vi.mocked(createReview).mockRejectedValue(
      new ApiError('Conflito', 409, undefined, undefined, 'REVIEW_ALREADY_SENT'),
    )
    await send()
    const sent = await screen.findByTestId('review-sent')
    expect(sent.textContent).toContain(REVIEW_MESSAGES.alreadyReviewed)
  })

  it('another 409 keeps the form and says why', async () => {
    vi.mocked(createReview).mockRejectedValue(new ApiError('Tente de novo', 409, undefined, undefined, 'CONFLICT'))
    await send()
    await screen.findByText('Tente de novo')
    expect(screen.queryByTestId('review-sent')).toBeNull()
    expect(screen.getByRole('button', { name: 'Enviar avaliação' })).toBeTruthy()
  })
})
