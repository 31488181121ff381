import { randomBytes } from 'node:crypto'
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib'
import sharp from 'sharp'

/**
 * A real PDF of `pages` pages, each with its own line of text, a link and a JPEG of noise
 * (noise does not compress, so `imageBytes` per page is what the file weighs).
 */
export async function samplePdf(opts: { pages: number; imageBytes?: number; title?: string }) {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const side = opts.imageBytes ? Math.ceil(Math.sqrt(opts.imageBytes / 1.2)) : 0
  for (let n = 1; n <= opts.pages; n++) {
    const page = doc.addPage([595, 842])
    page.drawText(`${opts.title ?? 'Atividade'} - pagina ${n}`, { x: 60, y: 780, size: 18, font })
    if (side) {
      const noise = await sharp(randomBytes(side * side * 3), {
        raw: { width: side, height: side, channels: 3 },
      })
        .jpeg({ quality: 92 })
        .toBuffer()
      const image = await doc.embedJpg(noise)
      page.drawImage(image, { x: 60, y: 200, width: 475, height: 475 })
    }
    page.drawRectangle({ x: 60, y: 120, width: 200, height: 20, color: rgb(0.9, 0.9, 1) })
  }
  return doc.save()
}
