/** What a deliverable may be, judged by its first bytes (a name or a declared type can lie). */
export const DELIVERABLE_TYPES = {
  pdf: 'application/pdf',
  epub: 'application/epub+zip',
  zip: 'application/zip',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
} as const

/** Bytes enough to recognise every type above (EPUB's marker sits at offset 30). */
export const SNIFF_BYTES = 64

export function detectDeliverableType(head: Buffer): string | undefined {
  const ascii = head.toString('latin1')
  if (ascii.startsWith('%PDF-')) return DELIVERABLE_TYPES.pdf
  if (ascii.startsWith('PK\u0003\u0004')) {
    // an EPUB is a ZIP whose first entry is the uncompressed `mimetype` file (EPUB OCF)
    return ascii.slice(30, 58) === 'mimetypeapplication/epub+zip' ? DELIVERABLE_TYPES.epub : DELIVERABLE_TYPES.zip
  }
  if (ascii.startsWith('ID3')) return DELIVERABLE_TYPES.mp3
  // an MPEG audio frame header: 11 sync bits, then layer bits that are not "reserved"
  if (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0 && (head[1] & 0x06) !== 0) {
    return DELIVERABLE_TYPES.mp3
  }
  if (ascii.slice(4, 8) === 'ftyp') return DELIVERABLE_TYPES.mp4
  return undefined
}

/** The name the buyer's browser saves: no folders, no control characters, not empty, at most 200 characters. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? ''
  const clean = base
    // control characters could split a Content-Disposition header
    .split('')
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200)
  return clean || 'arquivo'
}
