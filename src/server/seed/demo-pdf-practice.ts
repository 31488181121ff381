import { rgb, type PDFPage } from 'pdf-lib'
import { A4, BODY_TOP, fitSize, wrapText, type PdfKit } from './demo-pdf-kit.js'
import { paths, tracing } from './demo-pdf-tracing.js'
import type { Practice } from './demo-practice.js'

const { width: W, height: H, margin: M } = A4

/** One worksheet page: heading, the pupil's name and date lines, then the exercise itself. */
export function drawPractice(kit: PdfKit, page: PDFPage, practice: Practice): void {
  page.drawRectangle({ x: M, y: H - 110, width: W - 2 * M, height: 60, color: kit.soft })
  page.drawRectangle({ x: M, y: H - 110, width: 8, height: 60, color: kit.accent })
  const size = fitSize(practice.title, kit.bold, 20, W - 2 * M - 40)
  page.drawText(practice.title, { x: M + 24, y: H - 87, size, font: kit.bold, color: kit.ink })
  const field = (label: string, x: number, end: number) => {
    page.drawText(label, { x, y: H - 145, size: 11, font: kit.bold, color: kit.ink })
    const start = x + kit.bold.widthOfTextAtSize(label, 11) + 6
    page.drawLine({
      start: { x: start, y: H - 147 },
      end: { x: end, y: H - 147 },
      thickness: 0.8,
      color: kit.grey,
    })
  }
  field('Nome:', M, M + 320)
  field('Data:', M + 340, W - M)
  switch (practice.kind) {
    case 'tracing':
      return tracing(kit, page, practice.items)
    case 'cards':
      return cards(kit, page, practice.items)
    case 'table':
      return table(kit, page, practice.columns, practice.rows)
    case 'lines':
      return writing(kit, page, practice.prompts)
    case 'paths':
      return paths(kit, page, practice.items)
  }
}

function cards(kit: PdfKit, page: PDFPage, items: string[]): void {
  const columns = 3
  const gap = 14
  const width = (W - 2 * M - gap * (columns - 1)) / columns
  const height = 112
  items.forEach((item, i) => {
    const x = M + (i % columns) * (width + gap)
    const y = BODY_TOP - 10 - (Math.floor(i / columns) + 1) * (height + gap)
    page.drawRectangle({
      x,
      y,
      width,
      height,
      color: kit.soft,
      borderColor: kit.ink,
      borderWidth: 1,
      borderDashArray: [6, 4],
    })
    page.drawCircle({ x: x + 14, y: y + height - 14, size: 5, color: kit.accent2 })
    const size = fitSize(item, kit.bold, 30, width - 24)
    const textWidth = kit.bold.widthOfTextAtSize(item, size)
    page.drawText(item, {
      x: x + (width - textWidth) / 2,
      y: y + height / 2 - size / 3,
      size,
      font: kit.bold,
      color: kit.ink,
    })
  })
  const rows = Math.ceil(items.length / columns)
  const hintY = BODY_TOP - 10 - rows * (height + gap) - 20
  page.drawText('Recorte na linha pontilhada. Em papel mais grosso as fichas duram o ano todo.', {
    x: M,
    y: hintY,
    size: 9.5,
    font: kit.regular,
    color: kit.grey,
  })
}

function table(kit: PdfKit, page: PDFPage, columns: string[], rows: string[][]): void {
  const colWidth = (W - 2 * M) / columns.length
  const headHeight = 28
  const rowHeight = 36
  const top = BODY_TOP - 10
  const cell = (text: string, col: number, y: number, bold: boolean) => {
    const font = bold ? kit.bold : kit.regular
    const size = fitSize(text, font, 10.5, colWidth - 12)
    page.drawText(text, {
      x: M + col * colWidth + 6,
      y,
      size,
      font,
      color: bold ? rgb(1, 1, 1) : kit.ink,
    })
  }
  page.drawRectangle({
    x: M,
    y: top - headHeight,
    width: W - 2 * M,
    height: headHeight,
    color: kit.accent2,
  })
  columns.forEach((c, col) => cell(c, col, top - 18, true))
  rows.forEach((row, r) => {
    const y = top - headHeight - (r + 1) * rowHeight
    if (r % 2 === 1)
      page.drawRectangle({ x: M, y, width: W - 2 * M, height: rowHeight, color: kit.soft })
    row.forEach((text, col) => cell(text, col, y + 13, false))
  })
  const bottom = top - headHeight - rows.length * rowHeight
  for (let col = 1; col < columns.length; col++) {
    const x = M + col * colWidth
    page.drawLine({ start: { x, y: top }, end: { x, y: bottom }, thickness: 0.6, color: kit.grey })
  }
  page.drawRectangle({
    x: M,
    y: bottom,
    width: W - 2 * M,
    height: top - bottom,
    borderColor: kit.ink,
    borderWidth: 1,
  })
  writing(kit, page, ['Observações:'], bottom - 40)
}

function writing(kit: PdfKit, page: PDFPage, prompts: string[], top = BODY_TOP - 10): void {
  let y = top
  const linesEach = prompts.length > 2 ? 4 : 6
  for (const prompt of prompts) {
    for (const line of wrapText(prompt, kit.bold, 12, W - 2 * M - 20)) {
      page.drawText(line, { x: M + 16, y, size: 12, font: kit.bold, color: kit.ink })
      y -= 16
    }
    page.drawCircle({ x: M + 5, y: y + 20, size: 4, color: kit.accent })
    for (let i = 0; i < linesEach; i++) {
      y -= 26
      page.drawLine({ start: { x: M, y }, end: { x: W - M, y }, thickness: 0.6, color: kit.grey })
    }
    y -= 34
  }
}
