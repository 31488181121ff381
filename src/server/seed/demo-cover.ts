import { categoryOf } from '../../contracts/categories.js'
import { confetti, escapeXml, fitTitle, FONT, paletteOf, type Palette } from './demo-art.js'

export interface CoverInput {
  name: string
  category: string
  /** What the buyer receives; shown as the corner tag. */
  format: 'PDF' | 'CANVA'
  seed: number
}

const CARD = { x: 130, y: 230, width: 940, height: 720 }
/** Confetti stays off the pencil and the format tag. */
const KEEP_CLEAR: [number, number, number, number][] = [
  [0, 60, 380, 280],
  [780, 960, 1200, 1200],
]

/** A 1200x1200 cover: a notebook-page card with the title on a patterned category background. */
export function coverSvg({ name, category, format, seed }: CoverInput): string {
  const colors = paletteOf(category)
  const label = categoryOf(category).label.toUpperCase()
  const { size, lines } = fitTitle(name, CARD.width - 100, 4)
  const lineHeight = Math.round(size * 1.15)
  const titleTop = 640 - (lines.length * lineHeight) / 2 + size * 0.8
  const title = lines
    .map(
      (line, i) =>
        `<tspan x="600" y="${Math.round(titleTop + i * lineHeight)}">${escapeXml(line)}</tspan>`,
    )
    .join('')
  const underlineY = Math.round(titleTop + (lines.length - 1) * lineHeight + size * 0.55)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 1200 1200">
  <defs><clipPath id="card"><rect x="${CARD.x}" y="${CARD.y}" width="${CARD.width}" height="${CARD.height}" rx="44"/></clipPath></defs>
  <rect width="1200" height="1200" fill="${colors.bg}"/>
  <circle cx="1090" cy="100" r="240" fill="${colors.accent}" opacity="0.9"/>
  <circle cx="80" cy="1130" r="210" fill="${colors.accent2}" opacity="0.85"/>
  <circle cx="1150" cy="1050" r="90" fill="${colors.soft}" opacity="0.8"/>
  ${confetti(seed, [colors.accent, colors.accent2, colors.paper, colors.ink], KEEP_CLEAR)}
  ${pencil(colors)}
  <rect x="${CARD.x}" y="${CARD.y}" width="${CARD.width}" height="${CARD.height}" rx="44" fill="${colors.accent2}" transform="rotate(-4 600 590)"/>
  <rect x="${CARD.x + 12}" y="${CARD.y + 16}" width="${CARD.width}" height="${CARD.height}" rx="44" fill="#000" opacity="0.14"/>
  <rect x="${CARD.x}" y="${CARD.y}" width="${CARD.width}" height="${CARD.height}" rx="44" fill="${colors.paper}"/>
  <g clip-path="url(#card)">
    <rect x="${CARD.x}" y="${CARD.y}" width="${CARD.width}" height="92" fill="${colors.soft}"/>
    ${ruledLines(colors)}
  </g>
  ${spiral(colors)}
  <text x="600" y="${CARD.y + 150}" font-family="${FONT}" font-size="34" font-weight="bold" letter-spacing="4" fill="${colors.accent}" text-anchor="middle">${escapeXml(label)}</text>
  <text font-family="${FONT}" font-size="${size}" font-weight="bold" fill="${colors.ink}" text-anchor="middle">${title}</text>
  <path d="M420 ${underlineY} q45 -22 90 0 t90 0 t90 0 t90 0" stroke="${colors.accent}" stroke-width="12" fill="none" stroke-linecap="round"/>
  <text x="600" y="${CARD.y + CARD.height - 44}" font-family="${FONT}" font-size="30" fill="${colors.ink}" opacity="0.6" text-anchor="middle">Material pedagógico digital</text>
  ${tag(format, colors)}
</svg>`
}

/** Faint notebook rules at the card's bottom: paper texture that needs no font. */
function ruledLines(colors: Palette): string {
  const rules: string[] = []
  for (let y = CARD.y + CARD.height - 130; y < CARD.y + CARD.height; y += 34) {
    rules.push(
      `<line x1="${CARD.x}" y1="${y}" x2="${CARD.x + CARD.width}" y2="${y}" stroke="${colors.accent2}" stroke-width="3" opacity="0.18"/>`,
    )
  }
  rules.push(
    `<line x1="${CARD.x + 90}" y1="${CARD.y + 92}" x2="${CARD.x + 90}" y2="${CARD.y + CARD.height}" stroke="${colors.accent}" stroke-width="3" opacity="0.25"/>`,
  )
  return rules.join('\n')
}

/** Binder rings along the card's top edge. */
function spiral(colors: Palette): string {
  const rings: string[] = []
  for (let x = CARD.x + 110; x <= CARD.x + CARD.width - 110; x += 90) {
    rings.push(`<circle cx="${x}" cy="${CARD.y + 46}" r="13" fill="${colors.bg}"/>`)
    rings.push(
      `<rect x="${x - 6}" y="${CARD.y - 24}" width="12" height="72" rx="6" fill="${colors.ink}" opacity="0.75"/>`,
    )
  }
  return rings.join('\n')
}

function pencil(colors: Palette): string {
  return `<g transform="translate(70 150) rotate(-28)">
    <rect x="-34" y="-24" width="38" height="48" rx="10" fill="#ffafcc"/>
    <rect x="0" y="-24" width="26" height="48" fill="#adb5bd"/>
    <rect x="26" y="-24" width="200" height="48" fill="${colors.accent2}"/>
    <rect x="26" y="-8" width="200" height="16" fill="#fff" opacity="0.25"/>
    <polygon points="226,-24 290,0 226,24" fill="#f1d3a8"/>
    <polygon points="270,-8 290,0 270,8" fill="${colors.ink}"/>
  </g>`
}

/** The delivery format as a pill in the corner: 'PDF' or 'CANVA'. */
function tag(format: CoverInput['format'], colors: Palette): string {
  // Bold caps are ~0.72 em wide at 50 px; the dot and padding take the rest.
  const width = 120 + Math.round(format.length * 36)
  const x = 1140 - width
  return `<g>
    <rect x="${x}" y="1018" width="${width}" height="104" rx="52" fill="${colors.ink}"/>
    <circle cx="${x + 50}" cy="1070" r="16" fill="${colors.accent}"/>
    <text x="${x + 82}" y="1088" font-family="${FONT}" font-size="50" font-weight="bold" fill="#fff">${format}</text>
  </g>`
}
