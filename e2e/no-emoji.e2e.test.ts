import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

/**
 * No emoji glyph in what the built SPA can show: where no emoji font is installed (Chromium on Linux) an emoji
 * renders as an empty box, so icons are SVG (lucide-react). Scans every script and stylesheet of dist/web.
 */
const WEB = process.env.WEB_DIST || path.resolve(import.meta.dirname, '../dist/web')

/** Library text our pages never render: react-router's default error element belongs to data routers only. */
const ALLOWED = ['💿 Hey developer 👋']

it('the built bundle holds no emoji glyph', () => {
  const assets = path.join(WEB, 'assets')
  expect(existsSync(assets), `${assets} is missing: run \`npx vite build\` first`).toBe(true)
  const found: string[] = []
  const files = readdirSync(assets).filter((f) => /\.(js|css)$/.test(f))
  expect(files.length).toBeGreaterThan(5)
  for (const file of files) {
    let text = readFileSync(path.join(assets, file), 'utf8')
    for (const allowed of ALLOWED) text = text.replaceAll(allowed, '')
    for (const m of text.matchAll(/\p{Extended_Pictographic}/gu)) {
      const at = m.index ?? 0
      found.push(
        `${file}: ${m[0]} U+${m[0].codePointAt(0)?.toString(16)} in …${text.slice(Math.max(0, at - 40), at + 20)}…`,
      )
    }
  }
  expect(found).toEqual([])
})
