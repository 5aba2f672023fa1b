/**
 * The customisation's font families, self-hosted (fontsource, latin subset, `font-display: swap` in each
 * @font-face). Each family is its own lazy CSS chunk, fetched only when a page uses that family: no third-party
 * connection, no buyer address handed to a font CDN, and a page still gets its font where such a host is blocked.
 * Arial is a system font. The weights are the ones the checkout draws (400, 600, 700; Lato has no 600).
 */
const FAMILY_CSS: Record<string, () => Promise<unknown>> = {
  Inter: () =>
    Promise.all([
      import('@fontsource/inter/latin-400.css'),
      import('@fontsource/inter/latin-600.css'),
      import('@fontsource/inter/latin-700.css'),
    ]),
  Roboto: () =>
    Promise.all([
      import('@fontsource/roboto/latin-400.css'),
      import('@fontsource/roboto/latin-600.css'),
      import('@fontsource/roboto/latin-700.css'),
    ]),
  Montserrat: () =>
    Promise.all([
      import('@fontsource/montserrat/latin-400.css'),
      import('@fontsource/montserrat/latin-600.css'),
      import('@fontsource/montserrat/latin-700.css'),
    ]),
  'Open Sans': () =>
    Promise.all([
      import('@fontsource/open-sans/latin-400.css'),
      import('@fontsource/open-sans/latin-600.css'),
      import('@fontsource/open-sans/latin-700.css'),
    ]),
  Lato: () => Promise.all([import('@fontsource/lato/latin-400.css'), import('@fontsource/lato/latin-700.css')]),
  'Playfair Display': () =>
    Promise.all([
      import('@fontsource/playfair-display/latin-400.css'),
      import('@fontsource/playfair-display/latin-600.css'),
      import('@fontsource/playfair-display/latin-700.css'),
    ]),
  Merriweather: () =>
    Promise.all([
      import('@fontsource/merriweather/latin-400.css'),
      import('@fontsource/merriweather/latin-600.css'),
      import('@fontsource/merriweather/latin-700.css'),
    ]),
}

const loaded = new Set<string>()

/**
 * Loads the chosen family's self-hosted faces once per page (nothing for Arial or an unknown name). `optional`: the
 * buyer pages' faces (optional-faces.ts), never swapped in after the first paint; `swap` (the merchant's preview): the
 * CSS above, the text shown at once and redrawn in the family when it arrives.
 */
export function ensureFontLoaded(font: string, display: 'swap' | 'optional' = 'swap') {
  if (typeof document === 'undefined' || loaded.has(font)) return
  const load =
    display === 'optional'
      ? FAMILY_CSS[font] && (() => import('./optional-faces').then((m) => m.addOptionalFaces(font)))
      : FAMILY_CSS[font]
  if (!load) return
  loaded.add(font)
  load().catch(() => loaded.delete(font))
}
