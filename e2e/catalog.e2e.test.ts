import { deflateSync } from 'node:zlib'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createMerchant, createProduct, createStore } from './shop'
import { PHONE, setupE2E, snap } from './support'

const e2e = setupE2E()

const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text }).first().waitFor()

/** A real 96×96 PNG (a green-to-blue gradient), built by hand so the test needs no fixture file. */
function gradientPng(size = 96): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf: Buffer) => {
    let c = 0xffffffff
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([len, body, sum])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // RGB
  const raw = Buffer.alloc(size * (size * 3 + 1))
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1)
    for (let x = 0; x < size; x++) {
      raw[row + 1 + x * 3] = 30
      raw[row + 2 + x * 3] = Math.round(200 - (x * 120) / size)
      raw[row + 3 + x * 3] = Math.round(80 + (y * 170) / size)
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const rowOf = (page: Page, name: string) => page.locator('tbody tr', { hasText: name })
/** Text with the non-breaking space of pt-BR currency turned into a plain one. */
const textOf = async (loc: Locator) => ((await loc.textContent()) ?? '').replace(/\u00a0/g, ' ')

describe('products screens', () => {
  it('creates a physical product with an image and a digital one, edits a price, copies the link, deletes', async () => {
    const { token, api } = await createMerchant(e2e.server.url, 'Paula Lojista')
    const storeId = await createStore(api, 'Loja da Paula')
    const { context, page } = await e2e.openSignedIn(token, `/store/${storeId}/products`)
    await page.getByRole('heading', { name: 'Meus Produtos' }).waitFor()
    await page.getByText('Nenhum produto encontrado').waitFor()
    await snap(page, 'catalog-01-empty')

    // physical product: the rules first, then a real image
    await page.getByRole('button', { name: 'Adicionar Produto' }).click()
    const dialog = page.getByRole('dialog', { name: 'Adicionar Novo Produto' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Criar Produto' }).click()
    await dialog.getByText('Nome é obrigatório.').waitFor()
    await dialog.getByText('Preço deve ser maior que zero.').waitFor()
    await dialog.getByText('Estoque é obrigatório para produtos físicos e não pode ser negativo.').waitFor()
    await snap(page, 'catalog-02-form-errors')

    await dialog.getByLabel('Nome *').fill('Camiseta Azul')
    await dialog.getByLabel('Descrição').fill('Camiseta de algodão, tamanho M')
    await dialog.getByLabel('Preço (R$) *').fill('59.90')
    await dialog.getByLabel('Estoque *').fill('12')
    const fileInput = dialog.getByTestId('product-image-input')
    await fileInput.setInputFiles({
      name: 'foto.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image at all'),
    })
    await dialog.getByText('Tipo de arquivo de imagem inválido. Use JPG, PNG, GIF ou WEBP.').waitFor()
    await fileInput.setInputFiles({ name: 'camiseta.png', mimeType: 'image/png', buffer: gradientPng() })
    const preview = dialog.getByAltText('Pré-visualização da imagem')
    await preview.waitFor()
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96)
    await snap(page, 'catalog-03-form-with-image')
    await dialog.getByRole('button', { name: 'Criar Produto' }).click()
    await toast(page, 'Produto criado com sucesso!')
    await dialog.waitFor({ state: 'detached' })
    const shirt = rowOf(page, 'Camiseta Azul')
    await shirt.waitFor()
    await expect.poll(() => textOf(shirt)).toContain('R$ 59,90')
    const thumb = shirt.locator('img.product-thumb')
    expect(await thumb.getAttribute('src')).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/)
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96)

    // digital product: type switching hides the stock and shows the file URL
    await page.getByRole('button', { name: 'Adicionar Produto' }).click()
    await dialog.waitFor()
    await dialog.getByLabel('Nome *').fill('E-book de Receitas')
    await dialog.getByLabel('Preço (R$) *').fill('19.90')
    await dialog.getByLabel('Tipo *').selectOption('DIGITAL')
    expect(await dialog.getByLabel('Estoque *').count()).toBe(0)
    await dialog.getByLabel('URL do arquivo digital').fill('arquivos/receitas.pdf')
    await dialog.getByRole('button', { name: 'Criar Produto' }).click()
    await dialog.getByText('URL do arquivo digital inválida.').waitFor()
    await dialog.getByLabel('URL do arquivo digital').fill('https://arquivos.example.com/receitas.pdf')
    await snap(page, 'catalog-04-digital-form')
    await dialog.getByRole('button', { name: 'Criar Produto' }).click()
    await toast(page, 'Produto criado com sucesso!')
    const ebook = rowOf(page, 'E-book de Receitas')
    await ebook.waitFor()
    await expect.poll(() => textOf(ebook)).toContain('Digital')
    expect(await ebook.locator('img.product-thumb').getAttribute('data-placeholder')).toBe('true')
    expect(await page.locator('tbody tr').count()).toBe(2)
    await snap(page, 'catalog-05-two-products')

    // edit a price
    await shirt.getByRole('button', { name: 'Editar Camiseta Azul' }).click()
    const edit = page.getByRole('dialog', { name: 'Editar Produto' })
    await edit.waitFor()
    expect(await edit.getByLabel('Preço (R$) *').inputValue()).toBe('59,90')
    await edit.getByAltText('Pré-visualização da imagem').waitFor()
    await edit.getByLabel('Preço (R$) *').fill('49.90')
    await edit.getByRole('button', { name: 'Salvar Alterações' }).click()
    await toast(page, 'Produto atualizado com sucesso!')
    await expect.poll(() => textOf(shirt)).toContain('R$ 49,90')
    expect(await shirt.locator('img.product-thumb').getAttribute('src')).toMatch(/^\/uploads\//)

    // copy and open the purchase link
    const products = await api<{ id: string; name: string }[]>('GET', `/stores/${storeId}/products`)
    const ebookId = products.find((p) => p.name === 'E-book de Receitas')!.id
    const ebookLink = `${e2e.server.url}/digital-checkout/${storeId}/${ebookId}`
    await ebook.getByRole('button', { name: 'Copiar' }).click()
    await toast(page, 'Link copiado para a área de transferência!')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ebookLink)
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      ebook.getByRole('button', { name: 'Visualizar' }).click(),
    ])
    expect(tab.url()).toBe(ebookLink)
    await tab.close()
    await snap(page, 'catalog-06-link-copied')

    // delete: dismissing the confirmation keeps the product, accepting removes it
    const confirms: string[] = []
    page.once('dialog', (d) => {
      confirms.push(d.message())
      void d.dismiss()
    })
    await shirt.getByRole('button', { name: 'Excluir Camiseta Azul' }).click()
    await expect.poll(() => confirms).toEqual(['Tem certeza que deseja excluir este produto?'])
    expect(await page.locator('tbody tr').count()).toBe(2)
    page.once('dialog', (d) => void d.accept())
    await shirt.getByRole('button', { name: 'Excluir Camiseta Azul' }).click()
    await toast(page, 'Produto excluído com sucesso!')
    await shirt.waitFor({ state: 'detached' })
    expect(await page.locator('tbody tr').count()).toBe(1)
    await snap(page, 'catalog-07-deleted')

    // a product already gone: the 404 message, and the list reloads
    const gone = await fetch(`${e2e.server.url}/api/stores/${storeId}/products/${ebookId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(gone.status).toBe(204)
    page.once('dialog', (d) => void d.accept())
    await ebook.getByRole('button', { name: 'Excluir E-book de Receitas' }).click()
    await toast(page, `Produto ${ebookId} não encontrado. Pode ter sido excluído anteriormente.`)
    await page.getByText('Nenhum produto encontrado').waitFor()
    await snap(page, 'catalog-08-already-deleted')

    // 'Atualizar' picks up a product added elsewhere
    await api('POST', `/stores/${storeId}/products`, {
      name: 'Caneca',
      price: 35,
      type: 'PHYSICAL',
      stock: 4,
      imageUrl: '/uploads/undefined',
    })
    await page.getByRole('button', { name: 'Atualizar' }).click()
    await rowOf(page, 'Caneca').waitFor()
    expect(await rowOf(page, 'Caneca').locator('img.product-thumb').getAttribute('data-placeholder')).toBe('true')
    await context.close()
  })

  it('shows the list on a phone and sends an unknown store to the first one', async () => {
    const { token, api } = await createMerchant(e2e.server.url, 'Rui Lojista')
    const storeId = await createStore(api, 'Loja do Rui')
    await createProduct(api, storeId, {
      name: 'Boné',
      description: 'Aba curva',
      price: 45.5,
      type: 'PHYSICAL',
      stock: 7,
    })
    const unknown = '11111111-2222-3333-4444-555555555555'
    const { context, page } = await e2e.openSignedIn(token, `/store/${unknown}/products`, { device: PHONE })
    await toast(page, `Loja com ID "${unknown}" não encontrada ou não pertence a você.`)
    await page.waitForURL(`**/store/${storeId}/products`)
    await rowOf(page, 'Boné').waitFor()
    await snap(page, 'catalog-09-phone')
    await context.close()
  })
})
