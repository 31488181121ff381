import { escapeXml, FONT, paletteOf, star, wrapByChars, type Palette } from './demo-art.js'
import { PATH_DATA, type PathShape, type Practice } from './demo-practice.js'

/** The printable area of the drawn A4 sheet (portrait, 1 : 1.414). */
const SHEET = { x: 220, y: 62, width: 760, height: 1075 }
const BODY = { left: 280, right: 920, top: 220 }

/** A 1200x1200 gallery image: one practice page of the PDF, drawn as a sheet on the desk. */
export function previewSvg(practice: Practice, category: string, page: number): string {
  const colors = paletteOf(category)
  // Bold type is ~0.66 em per character; the band leaves ~540 px for the heading.
  const headingSize = Math.min(38, Math.floor(540 / (practice.title.length * 0.66)))
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 1200 1200">
  <rect width="1200" height="1200" fill="${colors.bg}"/>
  <circle cx="120" cy="1080" r="180" fill="${colors.accent2}" opacity="0.5"/>
  <circle cx="1100" cy="140" r="150" fill="${colors.accent}" opacity="0.45"/>
  <rect x="${SHEET.x}" y="${SHEET.y}" width="${SHEET.width}" height="${SHEET.height}" rx="14" fill="${colors.soft}" transform="rotate(3 600 600)"/>
  <rect x="${SHEET.x + 10}" y="${SHEET.y + 14}" width="${SHEET.width}" height="${SHEET.height}" rx="14" fill="#000" opacity="0.12"/>
  <rect x="${SHEET.x}" y="${SHEET.y}" width="${SHEET.width}" height="${SHEET.height}" rx="14" fill="#fff"/>
  <rect x="${SHEET.x + 40}" y="${SHEET.y + 40}" width="${SHEET.width - 80}" height="96" rx="20" fill="${colors.accent}"/>
  <circle cx="${SHEET.x + 92}" cy="${SHEET.y + 88}" r="26" fill="${colors.paper}"/>
  <text x="${SHEET.x + 136}" y="${SHEET.y + 102}" font-family="${FONT}" font-size="${headingSize}" font-weight="bold" fill="#fff">${escapeXml(practice.title)}</text>
  ${body(practice, colors)}
  <rect x="840" y="1058" width="250" height="84" rx="42" fill="${colors.ink}"/>
  <text x="965" y="1112" font-family="${FONT}" font-size="36" font-weight="bold" fill="#fff" text-anchor="middle">Página ${page}</text>
</svg>`
}

function body(practice: Practice, colors: Palette): string {
  switch (practice.kind) {
    case 'tracing':
      return tracingRows(practice.items, colors)
    case 'cards':
      return cardGrid(practice.items, colors)
    case 'table':
      return tableGrid(practice.columns, practice.rows, colors)
    case 'lines':
      return writingLines(practice.prompts, colors)
    case 'paths':
      return dashedPaths(practice.items, colors)
  }
}

function tracingRows(items: string[], colors: Palette): string {
  return items
    .slice(0, 6)
    .map((item, i) => {
      const top = BODY.top + 20 + i * 135
      const line = (y: number, extra: string) =>
        `<line x1="${BODY.left}" y1="${y}" x2="${BODY.right}" y2="${y}" stroke="${colors.accent2}" stroke-width="3" ${extra}/>`
      return [
        line(top, 'opacity="0.5"'),
        line(top + 45, 'stroke-dasharray="12 10" opacity="0.5"'),
        line(top + 90, ''),
        `<text x="${BODY.left + 20}" y="${top + 86}" font-family="${FONT}" font-size="100" fill="none" stroke="#9aa0a6" stroke-width="3" stroke-dasharray="6 6" letter-spacing="30">${escapeXml(`${item} ${item}`)}</text>`,
        `<circle cx="${BODY.left + 8}" cy="${top + 90}" r="8" fill="${colors.accent}"/>`,
      ].join('\n')
    })
    .join('\n')
}

function cardGrid(items: string[], colors: Palette): string {
  const columns = 3
  const width = (BODY.right - BODY.left - 2 * 24) / columns
  return items
    .slice(0, 12)
    .map((item, i) => {
      const x = BODY.left + (i % columns) * (width + 24)
      const y = BODY.top + 10 + Math.floor(i / columns) * 200
      const size = Math.min(48, Math.floor((width - 24) / (item.length * 0.72)))
      return `<rect x="${x}" y="${y}" width="${width}" height="176" rx="18" fill="${colors.soft}" stroke="${colors.ink}" stroke-width="3" stroke-dasharray="14 9"/>
      ${star(x + 30, y + 30, 14, colors.accent2)}
      <text x="${x + width / 2}" y="${y + 104}" font-family="${FONT}" font-size="${size}" font-weight="bold" fill="${colors.ink}" text-anchor="middle">${escapeXml(item)}</text>`
    })
    .join('\n')
}

function tableGrid(columns: string[], rows: string[][], colors: Palette): string {
  const width = (BODY.right - BODY.left) / columns.length
  const longest = Math.max(...columns.map((c) => c.length), ...rows.flat().map((c) => c.length))
  const size = Math.min(28, Math.floor((width - 24) / (longest * 0.62)))
  const cell = (text: string, col: number, y: number, bold: boolean) =>
    `<text x="${BODY.left + col * width + 14}" y="${y}" font-family="${FONT}" font-size="${size}" ${bold ? 'font-weight="bold" fill="#fff"' : `fill="${colors.ink}"`}>${escapeXml(text)}</text>`
  const parts = [
    `<rect x="${BODY.left}" y="${BODY.top}" width="${BODY.right - BODY.left}" height="80" rx="10" fill="${colors.accent2}"/>`,
    ...columns.map((c, col) => cell(c, col, BODY.top + 52, true)),
  ]
  rows.slice(0, 7).forEach((row, r) => {
    const y = BODY.top + 80 + r * 110
    if (r % 2 === 1)
      parts.push(
        `<rect x="${BODY.left}" y="${y}" width="${BODY.right - BODY.left}" height="110" fill="${colors.soft}"/>`,
      )
    row.forEach((text, col) => parts.push(cell(text, col, y + 66, false)))
  })
  const bottom = BODY.top + 80 + Math.min(rows.length, 7) * 110
  for (let col = 1; col < columns.length; col++) {
    const x = BODY.left + col * width
    parts.push(
      `<line x1="${x}" y1="${BODY.top}" x2="${x}" y2="${bottom}" stroke="${colors.ink}" stroke-width="2" opacity="0.4"/>`,
    )
  }
  parts.push(
    `<rect x="${BODY.left}" y="${BODY.top}" width="${BODY.right - BODY.left}" height="${bottom - BODY.top}" rx="10" fill="none" stroke="${colors.ink}" stroke-width="3"/>`,
  )
  return parts.join('\n')
}

function writingLines(prompts: string[], colors: Palette): string {
  const parts: string[] = []
  let y = BODY.top + 30
  for (const prompt of prompts.slice(0, 4)) {
    parts.push(`<circle cx="${BODY.left + 12}" cy="${y - 10}" r="12" fill="${colors.accent}"/>`)
    for (const [i, text] of wrapByChars(prompt, 34).slice(0, 3).entries()) {
      const line = escapeXml(text)
      parts.push(
        `<text x="${BODY.left + 36}" y="${y + i * 40}" font-family="${FONT}" font-size="30" font-weight="bold" fill="${colors.ink}">${line}</text>`,
      )
    }
    y += (Math.min(wrapByChars(prompt, 34).length, 3) - 1) * 40
    const count = prompts.length > 2 ? 3 : 4
    for (let i = 1; i <= count; i++) {
      parts.push(
        `<line x1="${BODY.left}" y1="${y + i * 56}" x2="${BODY.right}" y2="${y + i * 56}" stroke="#b0b6bc" stroke-width="3"/>`,
      )
    }
    y += count * 56 + 90
  }
  return parts.join('\n')
}

function dashedPaths(shapes: PathShape[], colors: Palette): string {
  return shapes
    .map((shape, i) => {
      const y = BODY.top + 120 + i * 200
      return `<circle cx="${BODY.left + 10}" cy="${y}" r="14" fill="${colors.accent2}"/>
      <path d="${PATH_DATA[shape]}" transform="translate(${BODY.left + 10} ${y})" fill="none" stroke="${colors.ink}" stroke-width="6" stroke-dasharray="16 12" stroke-linecap="round" opacity="0.7"/>
      ${star(BODY.right - 10, y - 10, 26, colors.accent)}`
    })
    .join('\n')
}
