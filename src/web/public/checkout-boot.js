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
  let started = false
  const start = () => {
    if (started) return
    started = true
    for (const href of code.modules) link('modulepreload', href)
    for (const href of code.styles) link('preload', href, 'style')
    const script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = ''
    script.src = code.entry
    document.head.append(script)
  }
  // Once the browser reports the drawn page's first contentful paint (an animation frame alone can come before it);
  // a browser without paint timing waits two frames, and a tab that never paints (hidden) starts after a second.
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return
      observer.disconnect()
      setTimeout(start, 0)
    }).observe({ type: 'paint', buffered: true })
  } catch {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)))
  }
  setTimeout(start, 1000)
})()
