import { PDFDocument, rgb, StandardFonts } from 'pdf-lib'

/**
 * The standard Helvetica writes WinAnsi only: Latin-1 letters (ã, ç, é) pass, anything else (emoji, CJK) becomes '?'
 * rather than failing the download.
 */
function winAnsi(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
}

/**
 * Writes `text` at the foot of every page. The whole document is in memory while stamping, so the caller keeps a size
 * limit; an encrypted or broken PDF throws (the caller serves the original).
 */
export async function stampPdf(bytes: Uint8Array, text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false })
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const line = winAnsi(text)
  for (const page of doc.getPages()) {
    const box = page.getCropBox()
    const width = box.width - 24
    // shrinks the footer to the page's width (a long name on a small page), never below 5 pt
    const size = Math.max(5, Math.min(8, (8 * width) / font.widthOfTextAtSize(line, 8)))
    page.drawText(line, { x: box.x + 12, y: box.y + 10, size, font, color: rgb(0.35, 0.35, 0.35) })
  }
  return doc.save()
}
