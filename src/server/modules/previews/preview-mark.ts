const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The mark laid over each preview page: 'AMOSTRA · {store}' in translucent type, repeated along
 * the diagonal so no crop of the page is without it.
 */
export function previewMarkSvg(width: number, height: number, storeName: string): string {
  const text = escapeXml(`AMOSTRA · ${storeName}`)
  const size = Math.round(width / 16)
  const angle = (-Math.atan2(height, width) * 180) / Math.PI
  const step = size * 5
  const rows: string[] = []
  for (let y = -height; y < height * 2; y += step) {
    rows.push(
      `<text x="${width / 2}" y="${y}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${size}">${text}</text>`,
    )
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <g transform="rotate(${angle.toFixed(2)} ${width / 2} ${height / 2})" fill="#b4232a" fill-opacity="0.22" stroke="#ffffff" stroke-opacity="0.25" stroke-width="1">${rows.join('')}</g>
</svg>`
}
