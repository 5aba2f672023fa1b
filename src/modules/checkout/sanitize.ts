/**
 * Merchant-authored header/footer HTML and custom CSS, made safe for a buyer's checkout page.
 *
 * HTML: formatting tags, links and images only; no script, style, iframe, form, object or SVG; no event handlers,
 * no id/name (DOM clobbering), no javascript:/data: URLs; inline styles limited to layout and typography properties
 * whose value holds no url()/expression() (so nothing can load a resource that carries data off the page).
 *
 * CSS: every rule ends up under `.checkout-custom` (the buyer page wraps the checkout in that class), so a rule can
 * only style the checkout container and what is inside it. `html`, `body`, `:root` at the start of a selector become
 * the container; `+`/`~` from the container are dropped. @import, @charset, @namespace and unknown at-rules are
 * dropped; @media/@supports/@container/@layer blocks are scoped recursively; @keyframes and @font-face are kept with
 * sanitised declarations. A declaration is dropped when it uses expression(), behavior, -moz-binding, javascript:,
 * a backslash escape (which could spell any of those), image-set()/cross-fade()/element(), `position: fixed` (an
 * overlay over the whole page), or url() to anything but this platform's /uploads/ (a CSS "keylogger" could otherwise
 * send the buyer's typed CPF or card number to another server through attribute selectors).
 */
import { createRequire } from 'node:module'
import type sanitizeHtmlLib from 'sanitize-html'
import { CUSTOM_SCOPE_CLASS } from '../../shared/checkout'

const SCOPE = `.${CUSTOM_SCOPE_CLASS}`

// ---------------------------------------------------------------------------------------------------------------
// Declarations (shared by stylesheets and inline style attributes)

const BANNED_VALUE =
  /expression\s*\(|javascript:|vbscript:|image-set\s*\(|cross-fade\s*\(|element\s*\(|src\s*\(|[\\<>@]/i
const BANNED_PROPERTY = /^(behaviou?r|-moz-binding|-ms-behavior)$/i
const UPLOAD_PATH = /^\/uploads\/[\w\-./]+$/

/** The cleaned `prop: value` or undefined when the declaration must go. */
export function sanitizeDeclaration(prop: string, value: string): string | undefined {
  const p = prop.trim().toLowerCase()
  const v = value.trim()
  if (!/^(--[\w-]+|-?[a-z][a-z0-9-]*)$/.test(p) || BANNED_PROPERTY.test(p)) return undefined
  if (!v || BANNED_VALUE.test(v)) return undefined
  if (p === 'position' && /fixed/i.test(v)) return undefined
  for (const m of v.matchAll(/url\s*\(\s*(['"]?)(.*?)\1\s*\)/gi)) {
    if (!UPLOAD_PATH.test(m[2]) || m[2].includes('..')) return undefined
  }
  // a url( that the pattern above did not read (unbalanced, nested quotes) is not trusted either
  if ((v.match(/url\s*\(/gi)?.length ?? 0) !== [...v.matchAll(/url\s*\(\s*(['"]?)(.*?)\1\s*\)/gi)].length)
    return undefined
  return `${p}: ${v}`
}

function sanitizeDeclarations(body: string): string {
  const out: string[] = []
  for (const decl of splitTopLevel(body, ';')) {
    const colon = decl.indexOf(':')
    if (colon <= 0) continue
    const clean = sanitizeDeclaration(decl.slice(0, colon), decl.slice(colon + 1))
    if (clean) out.push(clean)
  }
  return out.join('; ')
}

// ---------------------------------------------------------------------------------------------------------------
// Stylesheets

const SCOPED_AT_RULES = new Set(['media', 'supports', 'container', 'layer'])
const KEYFRAMES = /^(-webkit-|-moz-)?keyframes$/

/** Scopes and cleans a merchant stylesheet; returns '' when nothing survives. */
export function sanitizeCss(input: string | null | undefined): string {
  if (!input) return ''
  const text = input.replace(/\/\*[\s\S]*?(\*\/|$)/g, '').replace(/<\/?\s*style/gi, '')
  return renderBlocks(text, 'scope').trim()
}

type Mode = 'scope' | 'keyframes' | 'font-face'

function renderBlocks(text: string, mode: Mode): string {
  const out: string[] = []
  let i = 0
  while (i < text.length) {
    const open = findTopLevel(text, i, '{;}')
    if (open === -1) break
    const head = text.slice(i, open).trim()
    if (text[open] !== '{') {
      i = open + 1 // a statement at-rule (@import …;) or stray text: dropped
      continue
    }
    const close = matchingBrace(text, open)
    const body = text.slice(open + 1, close === -1 ? text.length : close)
    i = close === -1 ? text.length : close + 1
    const rendered = mode === 'keyframes' ? renderKeyframe(head, body) : renderBlock(head, body)
    if (rendered) out.push(rendered)
  }
  return out.join('\n')
}

function renderBlock(head: string, body: string): string | undefined {
  if (head.startsWith('@')) {
    const m = /^@([\w-]+)\s*([\s\S]*)$/.exec(head)
    if (!m) return undefined
    const name = m[1].toLowerCase()
    const prelude = m[2].trim()
    if (/[\\<>{}@;]|url\s*\(/i.test(prelude)) return undefined
    if (SCOPED_AT_RULES.has(name)) {
      const inner = renderBlocks(body, 'scope')
      return inner ? `@${name} ${prelude} {\n${inner}\n}` : undefined
    }
    if (KEYFRAMES.test(name) && /^[\w-]+$/.test(prelude)) {
      const inner = renderBlocks(body, 'keyframes')
      return inner ? `@${name} ${prelude} {\n${inner}\n}` : undefined
    }
    if (name === 'font-face') {
      const decls = sanitizeDeclarations(body)
      return decls ? `@font-face { ${decls} }` : undefined
    }
    return undefined
  }
  if (body.includes('{')) return undefined // nested rules are not supported: dropped whole
  const selectors = splitTopLevel(head, ',')
    .map(scopeSelector)
    .filter((s): s is string => Boolean(s))
  const decls = sanitizeDeclarations(body)
  if (selectors.length === 0 || !decls) return undefined
  return `${selectors.join(', ')} { ${decls} }`
}

function renderKeyframe(head: string, body: string): string | undefined {
  if (!/^(from|to|\d{1,3}(\.\d+)?%)(\s*,\s*(from|to|\d{1,3}(\.\d+)?%))*$/i.test(head)) return undefined
  const decls = sanitizeDeclarations(body)
  return decls ? `${head} { ${decls} }` : undefined
}

const ROOTISH = /^(?:html|body|:root)(?![\w-])/i
const SCOPE_TOKEN = new RegExp(`^\\.${CUSTOM_SCOPE_CLASS}(?![\\w-])`)

/** `.x` → `.checkout-custom .x`; `body .x` → `.checkout-custom .x`; `body.dark` → `.checkout-custom.dark`. */
export function scopeSelector(selector: string): string | undefined {
  let rest = selector.trim().replace(/\s+/g, ' ')
  if (!rest || /[\\<{};@]/.test(rest)) return undefined
  let anchored = false
  for (;;) {
    const m = ROOTISH.exec(rest) ?? SCOPE_TOKEN.exec(rest)
    if (!m) break
    rest = rest.slice(m[0].length)
    anchored = true
    // `html body`, `html > body`: keep stripping while the next compound is also a root element
    const next = /^\s*>?\s*/.exec(rest)![0]
    if (ROOTISH.test(rest.slice(next.length)) || SCOPE_TOKEN.test(rest.slice(next.length)))
      rest = rest.slice(next.length)
    else break
  }
  if (!anchored) return `${SCOPE} ${rest}`
  const trimmed = rest.trimStart()
  if (trimmed === '') return SCOPE
  if (trimmed.startsWith('+') || trimmed.startsWith('~')) return undefined // siblings of the container are outside
  if (rest.startsWith(' ') || trimmed.startsWith('>')) return `${SCOPE} ${trimmed}`
  return `${SCOPE}${rest}` // a compound on the container itself: `.checkout-custom.dark`, `.checkout-custom:hover`
}

/** Index of the first character from `from` on, outside quoted strings, at which `stop` says so; -1 if none. */
function scanOutsideStrings(text: string, from: number, stop: (c: string) => boolean): number {
  let quote = ''
  for (let i = from; i < text.length; i++) {
    const c = text[i]
    if (quote) {
      if (c === quote) quote = ''
      continue
    }
    if (c === '"' || c === "'") quote = c
    else if (stop(c)) return i
  }
  return -1
}

/** Index of the first of `chars` outside strings, parentheses and brackets; -1 if none. */
function findTopLevel(text: string, from: number, chars: string): number {
  let depth = 0
  return scanOutsideStrings(text, from, (c) => {
    if (c === '(' || c === '[') depth++
    else if ((c === ')' || c === ']') && depth > 0) depth--
    else return depth === 0 && chars.includes(c)
    return false
  })
}

/** Index of the `}` that closes the `{` at `open`; -1 if none. */
function matchingBrace(text: string, open: number): number {
  let depth = 0
  return scanOutsideStrings(text, open, (c) => {
    if (c === '{') depth++
    return c === '}' && --depth === 0
  })
}

function splitTopLevel(text: string, sep: string): string[] {
  const parts: string[] = []
  let start = 0
  for (;;) {
    const at = findTopLevel(text, start, sep)
    if (at === -1) break
    parts.push(text.slice(start, at))
    start = at + 1
  }
  parts.push(text.slice(start))
  return parts.map((p) => p.trim()).filter(Boolean)
}

// ---------------------------------------------------------------------------------------------------------------
// HTML

const STYLE_PROPERTIES = [
  'color',
  'background',
  'background-color',
  'text-align',
  'text-decoration',
  'text-transform',
  'font-size',
  'font-weight',
  'font-style',
  'font-family',
  'line-height',
  'letter-spacing',
  'margin',
  'margin-top',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'padding',
  'padding-top',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'border',
  'border-top',
  'border-bottom',
  'border-radius',
  'border-color',
  'width',
  'max-width',
  'height',
  'max-height',
  'display',
  'gap',
  'justify-content',
  'align-items',
  'flex-wrap',
  'vertical-align',
]
const SAFE_STYLE_VALUE =
  /^(?!.*(?:url|expression|image-set|cross-fade|element|src)\s*\()(?!.*(?:javascript|vbscript):)[^\\;{}<>@]*$/i

/**
 * sanitize-html (with postcss and htmlparser2, ~5 MB of the api's memory) is loaded by the first merchant HTML to
 * clean, not at start: most stores have none, and the api's memory is measured (upload-memory.process.test.ts).
 */
const requireModule = createRequire(import.meta.url)
let library: typeof sanitizeHtmlLib | undefined
const sanitizeHtmlLibrary = () => {
  library ??= requireModule('sanitize-html') as typeof sanitizeHtmlLib
  return library
}

const htmlOptions = (lib: typeof sanitizeHtmlLib): sanitizeHtmlLib.IOptions => ({
  allowedTags: [...lib.defaults.allowedTags, 'img', 'center', 'font'],
  allowedAttributes: {
    '*': ['class', 'style', 'title', 'align', 'dir', 'lang'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    font: ['color', 'size'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // an image whose source was refused is dropped rather than left empty
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, [SAFE_STYLE_VALUE]])) },
  transformTags: {
    a: (tagName, attribs) => {
      const next = { ...attribs }
      if (next.target && next.target !== '_self') {
        next.target = '_blank'
        next.rel = 'noopener noreferrer'
      }
      return { tagName, attribs: next }
    },
    img: (tagName, attribs) => {
      const next = { ...attribs }
      // relative sources must be this platform's uploads, not an API path
      if (next.src && !/^https?:\/\//i.test(next.src) && !(UPLOAD_PATH.test(next.src) && !next.src.includes('..')))
        delete next.src
      return { tagName, attribs: next }
    },
  },
})
let HTML_OPTIONS: sanitizeHtmlLib.IOptions | undefined

export function sanitizeHtml(input: string | null | undefined): string {
  if (!input) return ''
  const lib = sanitizeHtmlLibrary()
  HTML_OPTIONS ??= htmlOptions(lib)
  return lib(input, HTML_OPTIONS).trim()
}

// ---------------------------------------------------------------------------------------------------------------
// Memo: the public customisation is read on every checkout page load; sanitising the same text again is waste.

const memo = new Map<string, string>()
const MEMO_MAX = 500

export function memoized(kind: 'html' | 'css', input: string | null | undefined): string {
  if (!input) return ''
  const key = `${kind}\u0000${input}`
  const hit = memo.get(key)
  if (hit !== undefined) return hit
  const out = kind === 'html' ? sanitizeHtml(input) : sanitizeCss(input)
  if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value as string)
  memo.set(key, out)
  return out
}
