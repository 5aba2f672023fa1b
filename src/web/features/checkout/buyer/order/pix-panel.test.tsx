import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { copyText } from '../../../../lib/clipboard'
import { PixPanel, type PixPanelProps } from './pix-panel'

vi.mock('../../../../lib/clipboard', () => ({ copyText: vi.fn() }))

const CODE = '00020101021226580014br.gov.bcb.pix0136abc5204000053039865405189.905802BR6304ABCD'
const NOW = new Date('2026-03-10T12:00:00Z')

function setup(props: Partial<PixPanelProps> = {}) {
  const inHalfAnHour = new Date(Date.now() + 30 * 60_000).toISOString()
  return render(<PixPanel code={CODE} amount={189.9} customerName="Ana Souza" expiresAt={inHalfAnHour} {...props} />)
}

/** A fake clock from NOW for the countdown and the 3 s copy feedback (React's own scheduling stays real). */
function fakeClock() {
  vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
}

/** A click under the fake clock (user-event waits on timers of its own), then the promises it started. */
async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element)
  })
}

describe('PixPanel', () => {
  it('shows the amount, the buyer, the code and a countdown to its expiry, ticking each second', () => {
    fakeClock()
    setup()
    expect(screen.getByRole('region', { name: 'Pagamento PIX' })).toBeTruthy()
    // (Testing Library reads Intl's no-break space as a space.)
    expect(screen.getByText('R$ 189,90')).toBeTruthy()
    expect(screen.getByText('Ana Souza')).toBeTruthy()
    expect(screen.getByTestId('pix-code').textContent).toBe(CODE)
    expect(screen.getByTestId('pix-countdown').textContent).toBe('30:00')
    act(() => vi.advanceTimersByTime(61_000))
    expect(screen.getByTestId('pix-countdown').textContent).toBe('28:59')
  })

  it('draws the QR code at 220 px, and at 180 px on a narrow screen', () => {
    const { unmount } = setup()
    expect(screen.getByTitle('QR Code PIX').closest('svg')?.getAttribute('width')).toBe('220')
    unmount()
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === '(max-width: 480px)',
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    )
    setup()
    expect(screen.getByTitle('QR Code PIX').closest('svg')?.getAttribute('width')).toBe('180')
  })

  it('copies the code and says so for 3 seconds', async () => {
    fakeClock()
    vi.mocked(copyText).mockResolvedValue()
    setup()
    await click(screen.getByRole('button', { name: 'Copiar Código PIX' }))
    expect(copyText).toHaveBeenCalledWith(CODE)
    expect(screen.getByRole('button', { name: 'Código Copiado!' })).toBeTruthy()
    act(() => vi.advanceTimersByTime(3000))
    expect(screen.getByRole('button', { name: 'Copiar Código PIX' })).toBeTruthy()
  })

  it('asks to copy by hand when the browser refuses', async () => {
    vi.mocked(copyText).mockRejectedValue(new Error('denied'))
    setup()
    await userEvent.click(screen.getByRole('button', { name: 'Copiar Código PIX' }))
    expect(await screen.findByText(/Não foi possível copiar/)).toBeTruthy()
  })

  it('once the countdown ends, hides the code and offers a new one where the page can renew', async () => {
    fakeClock()
    const onRenew = vi.fn()
    setup({ renewal: { canRenew: true, renewing: false, error: undefined, onRenew } })
    act(() => vi.advanceTimersByTime(30 * 60_000))
    expect(screen.getByRole('heading', { name: 'Código PIX expirado' })).toBeTruthy()
    expect(screen.queryByTestId('pix-code')).toBeNull()
    await click(screen.getByRole('button', { name: 'Gerar novo código' }))
    expect(onRenew).toHaveBeenCalledOnce()
  })

  it('an expired charge: waits for the server before renewing, and says why a renewal failed', () => {
    const { rerender } = setup({
      expired: true,
      renewal: { canRenew: false, renewing: false, error: undefined, onRenew: () => {} },
    })
    expect(screen.getByText('Atualizando o pedido...')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Gerar novo código' })).toBeNull()
    rerender(
      <PixPanel
        code={CODE}
        amount={189.9}
        customerName="Ana Souza"
        expiresAt={null}
        expired
        renewal={{ canRenew: true, renewing: true, error: 'Tente novamente.', onRenew: () => {} }}
      />,
    )
    expect((screen.getByRole('button', { name: /Gerando/ }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('Tente novamente.')).toBeTruthy()
  })

  it('without a way to renew (the merchant’s test page), an expired code is only said to be expired', () => {
    setup({ expired: true })
    expect(screen.getByRole('heading', { name: 'Código PIX expirado' })).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('offers the sandbox simulations only for a sandbox charge', () => {
    const { unmount } = setup()
    expect(screen.queryByRole('button', { name: 'Simular pagamento' })).toBeNull()
    unmount()
    setup({ sandboxGatewayId: 'gw-1' })
    expect(screen.getByRole('button', { name: 'Simular pagamento' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Simular expiração' })).toBeTruthy()
  })
})
