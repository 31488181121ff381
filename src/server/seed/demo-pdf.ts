import { PDFDocument, rgb, StandardFonts, type PDFPage } from 'pdf-lib'
import { categoryOf } from '../../contracts/categories.js'
import { paletteOf } from './demo-art.js'
import { A4, hex, wrapText, type PdfKit } from './demo-pdf-kit.js'
import { drawPractice } from './demo-pdf-practice.js'
import type { Practice } from './demo-practice.js'

export interface PdfInput {
  name: string
  description: string
  category: string
  pages: Practice[]
}

/** Fixed dates keep the bytes, and so the stored sha256, identical from one seed to the next. */
const SEED_DATE = new Date('2026-01-05T12:00:00Z')

/** A printable A4 material: an opening page with the description, then one page per practice. */
export async function buildPdf(input: PdfInput): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  doc.setTitle(input.name)
  doc.setAuthor('Loja de Materiais Pedagógicos')
  doc.setCreator('seed de demonstração')
  doc.setCreationDate(SEED_DATE)
  doc.setModificationDate(SEED_DATE)
  const colors = paletteOf(input.category)
  const kit: PdfKit = {
    doc,
    // Standard fonts use WinAnsi, which covers Portuguese (ç, ã, é, º) and the em dash.
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    ink: hex(colors.ink),
    accent: hex(colors.accent),
    accent2: hex(colors.accent2),
    soft: hex(colors.soft),
    grey: rgb(0.55, 0.57, 0.6),
  }
  openingPage(kit, input)
  for (const practice of input.pages)
    drawPractice(kit, doc.addPage([A4.width, A4.height]), practice)
  const pages = doc.getPages()
  pages.forEach((page, i) =>
    footer(kit, page, `${input.name} — página ${i + 1} de ${pages.length}`),
  )
  return Buffer.from(await doc.save())
}

function openingPage(kit: PdfKit, input: PdfInput): void {
  const page = kit.doc.addPage([A4.width, A4.height])
  const { width, height, margin } = A4
  page.drawRectangle({ x: 0, y: height - 190, width, height: 190, color: kit.accent })
  page.drawCircle({ x: width - 40, y: height - 30, size: 90, color: kit.accent2, opacity: 0.6 })
  page.drawText(categoryOf(input.category).label.toUpperCase(), {
    x: margin,
    y: height - 60,
    size: 11,
    font: kit.bold,
    color: rgb(1, 1, 1),
  })
  let y = height - 95
  for (const line of wrapText(input.name, kit.bold, 26, width - 2 * margin - 60)) {
    page.drawText(line, { x: margin, y, size: 26, font: kit.bold, color: rgb(1, 1, 1) })
    y -= 32
  }
  y = height - 240
  for (const paragraph of input.description.split('\n')) {
    for (const line of wrapText(paragraph, kit.regular, 12.5, width - 2 * margin)) {
      page.drawText(line, { x: margin, y, size: 12.5, font: kit.regular, color: kit.ink })
      y -= 18
    }
    y -= 8
  }
  const tips = [
    'Imprima em papel A4, de preferência 90 g/m², com as margens padrão da impressora.',
    'Faça uma cópia por aluno; as fichas de recortar rendem mais em papel mais grosso.',
    'Uso pessoal em sala de aula. É proibido revender ou compartilhar o arquivo.',
  ]
  const boxHeight = 40 + tips.length * 24
  y -= 20
  page.drawRectangle({
    x: margin,
    y: y - boxHeight,
    width: width - 2 * margin,
    height: boxHeight,
    color: kit.soft,
    borderColor: kit.accent2,
    borderWidth: 1.5,
  })
  page.drawText('Como usar este material', {
    x: margin + 16,
    y: y - 26,
    size: 13,
    font: kit.bold,
    color: kit.ink,
  })
  tips.forEach((tip, i) => {
    const lineY = y - 50 - i * 24
    page.drawCircle({ x: margin + 22, y: lineY + 3.5, size: 3, color: kit.accent })
    page.drawText(tip, { x: margin + 32, y: lineY, size: 10.5, font: kit.regular, color: kit.ink })
  })
  contents(kit, page, input.pages, y - boxHeight - 40)
}

/** What comes next in the file, so the opening page reads like a real material's index. */
function contents(kit: PdfKit, page: PDFPage, pages: Practice[], top: number): void {
  page.drawText('Neste arquivo', { x: A4.margin, y: top, size: 13, font: kit.bold, color: kit.ink })
  pages.forEach((practice, i) => {
    const y = top - 24 - i * 20
    page.drawText(`Página ${i + 2}`, {
      x: A4.margin,
      y,
      size: 11,
      font: kit.bold,
      color: kit.accent,
    })
    page.drawText(practice.title, {
      x: A4.margin + 70,
      y,
      size: 11,
      font: kit.regular,
      color: kit.ink,
    })
  })
}

function footer(kit: PdfKit, page: PDFPage, text: string): void {
  const size = 8.5
  const x = (A4.width - kit.regular.widthOfTextAtSize(text, size)) / 2
  page.drawLine({
    start: { x: A4.margin, y: 42 },
    end: { x: A4.width - A4.margin, y: 42 },
    thickness: 0.5,
    color: kit.grey,
  })
  page.drawText(text, { x, y: 28, size, font: kit.regular, color: kit.grey })
}
