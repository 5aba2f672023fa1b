// A checkout page drawn by the server (src/platform/spa.ts) is already on screen: its code only makes it interactive.
// The code is asked for after the drawn page's first paint, so on a slow phone network it never shares the bandwidth
// with the page the buyer is looking at (the drawn page's text and images come first, then the 96 KB of code).
// Plain JavaScript, not built: it must run before any bundle, and the CSP allows no inline script.
;(() => {
  const list = document.getElementById('checkout-code')
  if (!list?.textContent) return
  /** @type {{ entry: string, modules: string[], styles: string[] }} */
  const code = JSON.parse(list.textContent)
  const link = (rel, href, as) => {
    const el = document.createElement('link')
    el.rel = rel
    el.href = href
    el.crossOrigin = ''
    if (as) el.as = as
    document.head.append(el)
  }
  // After the frame that paints the drawn page, not before it.
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const href of code.modules) link('modulepreload', href)
      for (const href of code.styles) link('preload', href, 'style')
      const script = document.createElement('script')
      script.type = 'module'
      script.crossOrigin = ''
      script.src = code.entry
      document.head.append(script)
    }, 0),
  )
})()
