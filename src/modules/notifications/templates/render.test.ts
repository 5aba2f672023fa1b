/**
 * The text part is compiled once (render.ts) instead of through React Email's toPlainText on every message: the two
 * must give the same text for every template, so an upgrade of React Email that changes its selectors fails here.
 */
import { render, toPlainText } from '@react-email/components'
import { describe, expect, it } from 'vitest'
import { PREVIEW_KINDS } from '../../../shared/notifications'
import { previewTemplate } from '../previews'
import { element, platformLook, renderEmail, TEXT_SELECTORS } from './render'

describe('e-mail text part', () => {
  it.each(PREVIEW_KINDS)('%s: the same text as React Email gives', async (kind) => {
    const look = { ...platformLook('Loja Exemplo'), logoUrl: 'https://cdn.example.com/logo.png' }
    const rendered = await renderEmail(await previewTemplate(look, kind, 'https://loja.example.com'))
    expect(rendered.text.length).toBeGreaterThan(50)
    expect(rendered.text).toBe(toPlainText(rendered.html, { selectors: TEXT_SELECTORS }))
    // React Email's own rules still apply: no image, links without brackets.
    expect(rendered.text).not.toContain('logo.png')
    expect(rendered.text).not.toMatch(/\[https?:/)
  })

  it.each(PREVIEW_KINDS)('%s: the markup React Email renders, without its streaming comments', async (kind) => {
    const look = { ...platformLook('Loja Exemplo'), logoUrl: 'https://cdn.example.com/logo.png' }
    const template = await previewTemplate(look, kind, 'https://loja.example.com')
    const ours = (await renderEmail(template)).html
    const theirs = await render(element(template))
    // React's stream marks its Suspense boundary, html/head/body and text-node joints with comments: no pixel or text
    // (Outlook's conditional comments, '<!--[if mso]>…', are content and stay).
    const uncommented = (html: string) => html.replace(/<!--[^>]*-->/g, '')
    expect(theirs).toContain('<!--$-->')
    expect(ours).not.toMatch(/<!--[^>]*-->/)
    expect(ours).toBe(uncommented(theirs))
    expect(ours.startsWith('<!DOCTYPE html PUBLIC')).toBe(true)
  })

  it('keeps a space between an amount and its label', async () => {
    const look = platformLook('Loja Exemplo')
    const { text } = await renderEmail(await previewTemplate(look, 'order_received', 'https://loja.example.com'))
    // 'R$' and the figure are joined by a no-break space.
    expect(text).toMatch(/Frete \(PAC\) R\$\s15,90/)
  })
})
