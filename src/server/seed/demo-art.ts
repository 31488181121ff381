import sharp from 'sharp'

/** Colours of one category's artwork; `ink` is dark enough to read on `paper` and on `bg`. */
export interface Palette {
  bg: string
  accent: string
  accent2: string
  soft: string
  ink: string
  paper: string
}

const palette = (bg: string, accent: string, accent2: string, soft: string, ink: string) => ({
  bg,
  accent,
  accent2,
  soft,
  ink,
  paper: '#fffdf8',
})

const PALETTES: Record<string, Palette> = {
  alfabetizacao: palette('#ffd166', '#ef476f', '#118ab2', '#ffe9b0', '#3d2c5c'),
  planejamento_organizadores: palette('#b8e0d2', '#2a9d8f', '#e76f51', '#dff2ec', '#1d3557'),
  cartazes_murais: palette('#ffadad', '#9b5de5', '#00bbf9', '#ffd6d6', '#3a0ca3'),
  jogos_recursos_ludicos: palette('#a0c4ff', '#ff6b6b', '#ffd93d', '#d4e4ff', '#22304a'),
  matematica: palette('#caffbf', '#2b9348', '#f77f00', '#e6ffe0', '#1b4332'),
  datas_comemorativas: palette('#fdc5f5', '#f72585', '#4cc9f0', '#fde2fa', '#480ca8'),
  psicomotricidade: palette('#ffc6a5', '#e85d04', '#06d6a0', '#ffe3d3', '#432818'),
  ingles: palette('#bde0fe', '#d62828', '#003049', '#e0f0ff', '#003049'),
  relatorios_avaliacao: palette('#e2d4f0', '#7b2cbf', '#f4a261', '#f1e9f8', '#240046'),
  ciencias: palette('#9bf6ff', '#0077b6', '#80b918', '#d6fbff', '#03045e'),
  portugues: palette('#fff1a8', '#e63946', '#457b9d', '#fff8d6', '#1d3557'),
  historia_geografia: palette('#d8f3dc', '#40916c', '#bc6c25', '#effaf1', '#081c15'),
}

const FALLBACK = palette('#e9ecef', '#4361ee', '#f72585', '#f8f9fa', '#212529')

export function paletteOf(category: string): Palette {
  return PALETTES[category] ?? FALLBACK
}

/** librsvg is given the first installed of these; with none, the shapes alone still read well. */
export const FONT = `'DejaVu Sans', Arial, sans-serif`

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** Greedy word wrap by character count; a word longer than the line gets a line of its own. */
export function wrapByChars(text: string, maxChars: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > maxChars) {
      lines.push(line)
      line = word
    } else {
      line = line ? `${line} ${word}` : word
    }
  }
  if (line) lines.push(line)
  return lines
}

/**
 * The largest font size (of a few) that fits `text` in `width` px within `maxLines` lines.
 * SVG cannot measure text, so bold type is estimated at 0.68 em per character (DejaVu Sans
 * Bold's average; Arial is narrower, so it only gains margin).
 */
export function fitTitle(text: string, width: number, maxLines: number) {
  for (const size of [104, 96, 88, 80, 72, 64, 58, 52]) {
    const maxChars = Math.floor(width / (size * 0.68))
    const lines = wrapByChars(text, maxChars)
    // Big type on three lines reads better than bigger type on four.
    const allowed = size >= 72 ? Math.min(3, maxLines) : maxLines
    if (lines.length <= allowed && lines.every((l) => l.length <= maxChars)) return { size, lines }
  }
  return { size: 46, lines: wrapByChars(text, Math.floor(width / (46 * 0.68))) }
}

/** Small deterministic PRNG (mulberry32): the same product always gets the same confetti. */
export function randomFrom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Box = [x1: number, y1: number, x2: number, y2: number]

/**
 * Scattered circles, stars, triangles and squiggles in the top and bottom bands of a 1200 px
 * canvas, where the title card does not cover them; `keepClear` boxes stay empty (tag, pencil).
 */
export function confetti(
  seed: number,
  colors: string[],
  keepClear: Box[] = [],
  count = 26,
): string {
  const random = randomFrom(seed)
  const shapes: string[] = []
  for (let i = 0; i < count; i++) {
    const x = Math.round(random() * 1200)
    const y = Math.round(random() < 0.5 ? random() * 160 : 980 + random() * 240)
    if (keepClear.some(([x1, y1, x2, y2]) => x > x1 && x < x2 && y > y1 && y < y2)) continue
    const color = colors[i % colors.length] ?? '#ffffff'
    const size = 14 + Math.round(random() * 26)
    const turn = Math.round(random() * 360)
    const kind = i % 4
    if (kind === 0)
      shapes.push(`<circle cx="${x}" cy="${y}" r="${size}" fill="${color}" opacity="0.85"/>`)
    if (kind === 1) shapes.push(star(x, y, size * 1.3, color, turn))
    if (kind === 2) {
      const points = `${x},${y - size} ${x + size},${y + size} ${x - size},${y + size}`
      shapes.push(
        `<polygon points="${points}" fill="${color}" transform="rotate(${turn} ${x} ${y})"/>`,
      )
    }
    if (kind === 3) {
      const d = `M${x - size * 1.5} ${y} q${size * 0.75} ${-size} ${size * 1.5} 0 t${size * 1.5} 0`
      shapes.push(
        `<path d="${d}" stroke="${color}" stroke-width="9" fill="none" stroke-linecap="round"/>`,
      )
    }
  }
  return shapes.join('\n')
}

export function star(cx: number, cy: number, r: number, fill: string, turn = 0): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45
    const angle = (Math.PI / 5) * i - Math.PI / 2
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`
  }).join(' ')
  return `<polygon points="${points}" fill="${fill}" transform="rotate(${turn} ${cx} ${cy})"/>`
}

/** PNG in memory; fast zlib level because it is only an intermediate for the WebP variants. */
export function renderPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 2 }).toBuffer()
}
