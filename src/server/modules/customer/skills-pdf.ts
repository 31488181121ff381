/**
 * 'Relatório de habilidades' as a PDF: one page per component (more when its skills do not fit),
 * each with the buyer's name, the day, the store's name and the BNCC's credit. Loaded only when
 * a report is asked for: pdf-lib and fontkit cost the server's start nearly half a second.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import fontkit from '@pdf-lib/fontkit'
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import {
  BNCC_CREDIT_TEXT,
  SKILLS_REPORT_EMPTY,
  skillsGroups,
  type SkillsReportItem,
} from '../../../contracts/skills-report.js'
import { yearsLabel } from '../../../contracts/school.js'

export interface SkillsPdfInput {
  skills: SkillsReportItem[]
  /** Her account's name, or the e-mail a guest's access is for. */
  name: string
  /** The day as the store's calendar says it ('3 de dezembro de 2026'). */
  date: string
  storeName: string
}

// A4 in points, with margins a home printer keeps.
const WIDTH = 595.28
const HEIGHT = 841.89
const MARGIN = 50
const TEXT_WIDTH = WIDTH - 2 * MARGIN
const PURPLE = rgb(0.35, 0.13, 0.55)
const GREY = rgb(0.35, 0.35, 0.35)
const BLACK = rgb(0, 0, 0)

// DejaVu Sans: every accent of Portuguese, and a licence that allows embedding.
const require = createRequire(import.meta.url)
const FONT_FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
}

/** Lines of `text` no wider than `width`; a word longer than a line is cut where it must be. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word
    if (fits(next)) {
      line = next
      continue
    }
    if (line) lines.push(line)
    line = word
    while (!fits(line)) {
      let cut = line.length - 1
      while (cut > 1 && !fits(line.slice(0, cut))) cut--
      lines.push(line.slice(0, cut))
      line = line.slice(cut)
    }
  }
  if (line) lines.push(line)
  return lines
}

/** Characters the font cannot draw become '?', so an exotic name never breaks the report. */
const printable = (font: PDFFont) => {
  const known = new Set(font.getCharacterSet())
  return (s: string) =>
    [...s.normalize('NFC')].map((c) => (known.has(c.codePointAt(0)!) ? c : '?')).join('')
}

export async function skillsPdf(input: SkillsPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.registerFontkit(fontkit)
  const [regularBytes, boldBytes] = await Promise.all([
    readFile(FONT_FILES.regular),
    readFile(FONT_FILES.bold),
  ])
  const regular = await doc.embedFont(regularBytes, { subset: true })
  const bold = await doc.embedFont(boldBytes, { subset: true })
  const clean = printable(regular)
  const name = clean(input.name)
  const title = 'Relatório de habilidades da BNCC'
  doc.setTitle(`${title} · ${name}`)
  doc.setAuthor(clean(input.storeName))
  doc.setSubject(BNCC_CREDIT_TEXT)

  const creditLines = wrap(BNCC_CREDIT_TEXT, regular, 8, TEXT_WIDTH)
  /** The lowest a line may sit: the credit's lines fill the page's foot. */
  const bottom = MARGIN + creditLines.length * 10 + 8

  let page: PDFPage
  let y = 0
  const text = (s: string, font: PDFFont, size: number, color = BLACK) => {
    page.drawText(s, { x: MARGIN, y, size, font, color })
    y -= size * 1.35
  }

  function newPage(heading: string | null) {
    page = doc.addPage([WIDTH, HEIGHT])
    y = HEIGHT - MARGIN
    text(clean(input.storeName), bold, 10, PURPLE)
    // The title's capitals rise above a 10-point line's height.
    y -= 8
    text(title, bold, 16, PURPLE)
    for (const line of wrap(`${name} · ${input.date}`, regular, 10, TEXT_WIDTH))
      text(line, regular, 10, GREY)
    y -= 10
    if (heading) text(heading, bold, 14)
    y -= 4
    let creditY = MARGIN + (creditLines.length - 1) * 10
    for (const line of creditLines) {
      page.drawText(line, { x: MARGIN, y: creditY, size: 8, font: regular, color: GREY })
      creditY -= 10
    }
  }

  const groups = skillsGroups(input.skills, 'component')
  if (groups.length === 0) {
    newPage(null)
    for (const line of wrap(SKILLS_REPORT_EMPTY, regular, 11, TEXT_WIDTH)) text(line, regular, 11)
  }
  for (const group of groups) {
    newPage(group.component)
    for (const skill of group.skills) {
      const block: [string, PDFFont, number, typeof BLACK][] = [
        [`${skill.code} · ${yearsLabel(skill.anos)}`, bold, 11, BLACK],
        ...wrap(clean(skill.text), regular, 10, TEXT_WIDTH).map(
          (line) => [line, regular, 10, BLACK] as [string, PDFFont, number, typeof BLACK],
        ),
        ...wrap(
          clean(
            `${skill.products.length === 1 ? 'Material' : 'Materiais'}: ${skill.products.map((p) => p.name).join('; ')}`,
          ),
          regular,
          9,
          TEXT_WIDTH,
        ).map((line) => [line, regular, 9, GREY] as [string, PDFFont, number, typeof BLACK]),
      ]
      const height = block.reduce((sum, [, , size]) => sum + size * 1.35, 0)
      // A skill is never split across pages: its code, text and materials read together.
      if (y - height < bottom) newPage(`${group.component} (continuação)`)
      for (const [line, font, size, color] of block) text(line, font, size, color)
      y -= 8
    }
  }
  return doc.save()
}
