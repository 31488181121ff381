import { rgb, type PDFPage } from 'pdf-lib'
import { A4, BODY_BOTTOM, BODY_TOP, type PdfKit } from './demo-pdf-kit.js'
import { PATH_DATA, type PathShape } from './demo-practice.js'

const { width: W, margin: M } = A4

/** School guide lines (top, dashed middle, base) with the item in light grey to trace over. */
export function tracing(kit: PdfKit, page: PDFPage, items: string[]): void {
  const rowHeight = Math.min(84, (BODY_TOP - BODY_BOTTOM) / items.length)
  const traceGrey = rgb(0.78, 0.8, 0.83)
  items.forEach((item, i) => {
    const base = BODY_TOP - 40 - i * rowHeight
    const rule = (y: number, dashed: boolean) =>
      page.drawLine({
        start: { x: M, y },
        end: { x: W - M, y },
        thickness: dashed ? 0.6 : 0.9,
        color: kit.accent2,
        opacity: dashed ? 0.6 : 0.9,
        dashArray: dashed ? [4, 3] : undefined,
      })
    rule(base + 33, false)
    rule(base + 24, true)
    rule(base, false)
    page.drawCircle({ x: M + 4, y: base, size: 3, color: kit.accent })
    let x = M + 14
    const itemWidth = kit.regular.widthOfTextAtSize(item, 44)
    // Two models to cover; the rest of the line is left blank for the pupil's own copy.
    for (let copy = 0; copy < 2 && x + itemWidth < W * 0.72; copy++) {
      page.drawText(item, { x, y: base, size: 44, font: kit.regular, color: traceGrey })
      x += itemWidth + 36
    }
  })
}

/** Dotted tracks from a dot to a star, to follow with the pencil without lifting it. */
export function paths(kit: PdfKit, page: PDFPage, shapes: PathShape[]): void {
  const scale = 0.72
  shapes.forEach((shape, i) => {
    const y = BODY_TOP - 80 - i * 130
    page.drawCircle({ x: M + 10, y, size: 7, color: kit.accent2 })
    page.drawSvgPath(PATH_DATA[shape], {
      x: M + 10,
      y,
      scale,
      borderColor: kit.ink,
      borderWidth: 3,
      borderDashArray: [9, 7],
      borderOpacity: 0.75,
    })
    page.drawSvgPath(starPath(12), { x: M + 10 + 600 * scale + 16, y, color: kit.accent })
  })
}

function starPath(r: number): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45
    const angle = (Math.PI / 5) * i - Math.PI / 2
    return `${(radius * Math.cos(angle)).toFixed(1)} ${(radius * Math.sin(angle)).toFixed(1)}`
  })
  return `M${points.join(' L')} Z`
}
