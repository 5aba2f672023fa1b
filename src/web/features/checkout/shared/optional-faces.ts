/**
 * The buyer pages' faces of the customisation's families with `font-display: optional` (the CSS Font Loading API):
 * the server-drawn text (the product name is the page's largest paint) keeps the system font it was painted with
 * unless the face is already at hand (a later page, a return visit: the file is cached), instead of being painted
 * again when the web font arrives (`swap`, fonts.ts's CSS, which the merchant's preview keeps). Same self-hosted
 * fontsource files, latin subset, as fonts.ts; its own chunk, loaded after the page is interactive.
 */
import inter400 from '@fontsource/inter/files/inter-latin-400-normal.woff2?url'
import inter600 from '@fontsource/inter/files/inter-latin-600-normal.woff2?url'
import inter700 from '@fontsource/inter/files/inter-latin-700-normal.woff2?url'
import lato400 from '@fontsource/lato/files/lato-latin-400-normal.woff2?url'
import lato700 from '@fontsource/lato/files/lato-latin-700-normal.woff2?url'
import merriweather400 from '@fontsource/merriweather/files/merriweather-latin-400-normal.woff2?url'
import merriweather600 from '@fontsource/merriweather/files/merriweather-latin-600-normal.woff2?url'
import merriweather700 from '@fontsource/merriweather/files/merriweather-latin-700-normal.woff2?url'
import montserrat400 from '@fontsource/montserrat/files/montserrat-latin-400-normal.woff2?url'
import montserrat600 from '@fontsource/montserrat/files/montserrat-latin-600-normal.woff2?url'
import montserrat700 from '@fontsource/montserrat/files/montserrat-latin-700-normal.woff2?url'
import open_sans400 from '@fontsource/open-sans/files/open-sans-latin-400-normal.woff2?url'
import open_sans600 from '@fontsource/open-sans/files/open-sans-latin-600-normal.woff2?url'
import open_sans700 from '@fontsource/open-sans/files/open-sans-latin-700-normal.woff2?url'
import playfair_display400 from '@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff2?url'
import playfair_display600 from '@fontsource/playfair-display/files/playfair-display-latin-600-normal.woff2?url'
import playfair_display700 from '@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2?url'
import roboto400 from '@fontsource/roboto/files/roboto-latin-400-normal.woff2?url'
import roboto600 from '@fontsource/roboto/files/roboto-latin-600-normal.woff2?url'
import roboto700 from '@fontsource/roboto/files/roboto-latin-700-normal.woff2?url'

/** fontsource's latin subset range (the files above hold only it). */
const LATIN =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD'

const FACES: Record<string, [number, string][]> = {
  Inter: [
    [400, inter400],
    [600, inter600],
    [700, inter700],
  ],
  Roboto: [
    [400, roboto400],
    [600, roboto600],
    [700, roboto700],
  ],
  Montserrat: [
    [400, montserrat400],
    [600, montserrat600],
    [700, montserrat700],
  ],
  'Open Sans': [
    [400, open_sans400],
    [600, open_sans600],
    [700, open_sans700],
  ],
  Lato: [
    [400, lato400],
    [700, lato700],
  ],
  'Playfair Display': [
    [400, playfair_display400],
    [600, playfair_display600],
    [700, playfair_display700],
  ],
  Merriweather: [
    [400, merriweather400],
    [600, merriweather600],
    [700, merriweather700],
  ],
}

/** Adds the family's faces once; the browser fetches each when text first needs it. */
export function addOptionalFaces(family: string): void {
  if (typeof FontFace === 'undefined') return
  for (const [weight, url] of FACES[family] ?? [])
    document.fonts.add(
      new FontFace(family, `url(${url}) format("woff2")`, {
        weight: String(weight),
        display: 'optional',
        unicodeRange: LATIN,
      }),
    )
}
