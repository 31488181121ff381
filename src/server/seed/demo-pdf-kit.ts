import { rgb, type PDFDocument, type PDFFont, type RGB } from 'pdf-lib'

/** A4 in PDF points; pdf-lib's origin is the bottom-left corner. */
export const A4 = { width: 595.28, height: 841.89, margin: 50 }
/** Where a worksheet's exercise may go: below its heading and name line, above the footer. */
export const BODY_TOP = A4.height - 180
export const BODY_BOTTOM = 70

/** The document with its fonts and the category's colours, shared by every page drawer. */
export interface PdfKit {
  doc: PDFDocument
  regular: PDFFont
  bold: PDFFont
  ink: RGB
  accent: RGB
  accent2: RGB
  soft: RGB
  grey: RGB
}

/** Word wrap by the font's real advance widths. */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (line && font.widthOfTextAtSize(candidate, size) > maxWidth) {
      lines.push(line)
      line = word
    } else {
      line = candidate
    }
  }
  if (line) lines.push(line)
  return lines
}

/** The largest size up to `max` at which `text` fits in `width`. */
export function fitSize(text: string, font: PDFFont, max: number, width: number): number {
  return Math.min(max, (max * width) / font.widthOfTextAtSize(text, max))
}

export function hex(color: string): RGB {
  const n = Number.parseInt(color.slice(1), 16)
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255)
}
