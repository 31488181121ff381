import type { SKRSContext2D } from '@napi-rs/canvas'

/** The family the mark is drawn in (registered by the thread from dejavu-fonts-ttf). */
export const MARK_FONT = 'DejaVu Sans Bold'

/**
 * Lays the mark over a drawn page: 'AMOSTRA · {store}' in translucent type, repeated along the
 * diagonal so no crop of the page is without it. Drawn on the page's own canvas, in the
 * preview's thread (whose CPU priority is the lowest), before it is encoded.
 */
export function drawPreviewMark(
  context: SKRSContext2D,
  width: number,
  height: number,
  storeName: string,
): void {
  const size = Math.round(width / 16)
  context.save()
  context.translate(width / 2, height / 2)
  context.rotate(-Math.atan2(height, width))
  context.font = `${size}px "${MARK_FONT}"`
  context.textAlign = 'center'
  context.textBaseline = 'middle'
  context.fillStyle = 'rgba(180, 35, 42, 0.22)'
  context.strokeStyle = 'rgba(255, 255, 255, 0.25)'
  context.lineWidth = 1
  const text = `AMOSTRA · ${storeName}`
  const reach = Math.hypot(width, height)
  for (let y = -reach / 2; y <= reach / 2; y += size * 5) {
    context.fillText(text, 0, y)
    context.strokeText(text, 0, y)
  }
  context.restore()
}
