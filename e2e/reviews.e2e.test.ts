import { describe, expect, it } from 'vitest'
import { continueToPayment, fillBuyerContact, simulatePayment } from './buyer'
import { digitalShopForFile } from './shop'
import { PHONE, setupE2E, snap } from './support'

const e2e = setupE2E()
const shop = digitalShopForFile(e2e, { store: 'Loja das Avaliações', product: 'Curso de Fotografia', price: 97 })

const COMMENT = 'Aulas claras e diretas. <b>Recomendo</b> <img src=x onerror="window.hacked=1">'

describe('reviews from a paid order to the next buyer', () => {
  it('a buyer pays by PIX and leaves a review from the order page', async () => {
    const { page, context } = await e2e.newPage(PHONE)
    await page.goto(`/digital-checkout/${shop.storeId}/${shop.productId}`)
    await page.getByRole('heading', { name: 'Finalizar Compra Digital' }).waitFor()
    await fillBuyerContact(page)
    // no approved review yet: no carousel at all
    expect(await page.getByTestId('reviews-carousel').count()).toBe(0)
    await continueToPayment(page)
    await page.getByRole('button', { name: 'Finalizar Compra' }).click()
    await page.getByRole('heading', { name: 'Pedido recebido! Pague para confirmar' }).waitFor()
    // nothing to review before the money is in
    expect(await page.getByTestId('leave-review').count()).toBe(0)

    await simulatePayment(page)
    const form = page.getByTestId('leave-review')
    await form.getByRole('heading', { name: 'Avalie sua compra: Curso de Fotografia' }).waitFor()
    expect(await form.getByLabel('Seu nome *').inputValue()).toBe('Maria da Silva')

    // an empty form is refused with the fields' messages
    await form.getByRole('button', { name: 'Enviar avaliação' }).click()
    await form.getByText('A nota deve ser um número inteiro de 1 a 5').waitFor()
    await form.getByText('Preencha todos os campos obrigatórios').first().waitFor()
    await snap(page, 'reviews-1-pedido-erros')

    await form.getByLabel('5 estrelas').check()
    await form.getByLabel('Título *').fill('Curso excelente')
    await form.getByLabel('Comentário *').fill(COMMENT)
    await form.getByLabel('Cidade/UF (opcional)').fill('Campinas/SP')
    await form.getByRole('button', { name: 'Enviar avaliação' }).click()
    await page.getByTestId('review-sent').getByText('Obrigado pela sua avaliação!').waitFor()
    await snap(page, 'reviews-2-pedido-avaliado')
    await context.close()
  })

  it('the merchant sees it as a verified purchase and approves it', async () => {
    const { page, context } = await e2e.openSignedIn(shop.token, `/store/${shop.storeId}/reviews-management`)
    await page.getByRole('heading', { name: 'Avaliações', exact: true }).waitFor()
    await page
      .getByRole('link', { name: /Avaliações/ })
      .first()
      .waitFor()
    const item = page.getByTestId('review-item')
    await item.getByText('Curso excelente').waitFor()
    await item.getByText('✓ Compra verificada').waitFor()
    await item.getByText('Pendente').waitFor()
    // the buyer's HTML is text, never markup
    await item.getByText(COMMENT).waitFor()
    expect(await item.locator('img, b').count()).toBe(0)
    // no approved review yet: no average, no score — nothing invented
    const stats = page.getByTestId('review-stats')
    await stats.getByText('Sem avaliações aprovadas ainda').waitFor()
    await snap(page, 'reviews-3-gestao-pendente')

    await item.getByRole('button', { name: 'Aprovar' }).click()
    await page.getByText('Avaliação aprovada!').waitFor()
    await item.getByText('Aprovada', { exact: true }).waitFor()
    await stats.getByText('5 / 5').waitFor()
    await stats.getByText('10 / 10').waitFor()

    // a review typed in by the store: its own mark, never verified
    await page.getByRole('button', { name: '+ Adicionar avaliação' }).click()
    const dialog = page.getByRole('dialog', { name: 'Adicionar avaliação' })
    await dialog.getByRole('button', { name: 'Adicionar' }).click()
    await dialog.getByText('Preencha todos os campos obrigatórios').first().waitFor()
    await dialog.getByLabel('Nome do cliente *').fill('João Pereira')
    await dialog.getByLabel('Produto *').selectOption({ label: 'Curso de Fotografia' })
    await dialog.getByLabel('Nota').selectOption('4')
    await dialog.getByLabel('Título *').fill('Bom custo-benefício')
    await dialog.getByLabel('Comentário *').fill('Comprei pelo WhatsApp e gostei.')
    await snap(page, 'reviews-4-adicionar')
    await dialog.getByRole('button', { name: 'Adicionar' }).click()
    await page.getByText('Avaliação adicionada com sucesso!').waitFor()
    await page
      .getByTestId('review-item')
      .filter({ hasText: 'Bom custo-benefício' })
      .getByText('Adicionada pela loja')
      .waitFor()
    await page.getByRole('button', { name: /Aprovadas/ }).click()
    await page.getByTestId('review-item').nth(1).waitFor()
    expect(await page.getByTestId('review-item').count()).toBe(2)
    await snap(page, 'reviews-5-gestao-aprovadas')

    // the debug page counts the same real reviews
    await page.goto('/debug')
    const debug = page.getByTestId('debug-reviews')
    await debug.getByText('Curso excelente').waitFor()
    await debug.getByText('4,5').waitFor()
    await context.close()
  })

  it('the next buyer sees the approved reviews in the carousel with the verified badge, at 390 px', async () => {
    const { page, context } = await e2e.newPage(PHONE)
    await page.goto(`/digital-checkout/${shop.storeId}/${shop.productId}`)
    await page.getByRole('heading', { name: 'Finalizar Compra Digital' }).waitFor()
    const carousel = page.locator('[aria-roledescription="carousel"]')
    await carousel.waitFor()
    expect(await carousel.getAttribute('aria-label')).toBe('Avaliações de clientes')
    await carousel.getByText('4,5').waitFor()
    await carousel.getByText(/2 avaliações/).waitFor()

    // newest first: the store's review, then the verified one; the buttons move and wrap
    const visible = carousel.locator('[aria-roledescription="slide"]:visible')
    await carousel.getByRole('button', { name: 'Pausar a rotação das avaliações' }).click()
    expect(await carousel.locator('.rv-slides').getAttribute('aria-live')).toBe('polite')
    const seen = new Set<string>()
    for (let i = 0; i < 3; i++) {
      seen.add((await visible.getAttribute('aria-label')) ?? '')
      if ((await visible.getByText('Curso excelente').count()) > 0) break
      await carousel.getByRole('button', { name: 'Próxima avaliação' }).click()
    }
    const slide = visible
    await slide.getByText('Curso excelente').waitFor()
    await slide.getByTestId('verified-badge').waitFor()
    await slide.getByText(COMMENT).waitFor()
    expect(await slide.locator('img, b').count()).toBe(0)
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined()
    await slide.getByText(/Maria da Silva/).waitFor()
    await carousel.scrollIntoViewIfNeeded()
    await snap(page, 'reviews-6-carrossel-390')

    // keyboard: the arrows move between slides, wrapping around
    const before = await visible.getAttribute('aria-label')
    await carousel.getByRole('button', { name: 'Avaliação anterior' }).focus()
    await page.keyboard.press('ArrowRight')
    expect(await visible.getAttribute('aria-label')).not.toBe(before)
    await page.keyboard.press('ArrowRight')
    expect(await visible.getAttribute('aria-label')).toBe(before)

    // a helpful vote counts once
    await slide.getByRole('button', { name: /Útil \(0\)/ }).click()
    await slide.getByRole('button', { name: /Útil \(1\)/ }).waitFor()
    expect(await slide.getByRole('button', { name: /Útil/ }).isDisabled()).toBe(true)
    await context.close()
  })
})
