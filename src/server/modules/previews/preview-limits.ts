/** What a preview may cost, whatever the file says (decision 036). */
export const PREVIEW_LIMITS = {
  /** Readable on a phone, useless for printing (an A4 page at 800 px is ~68 dpi). */
  width: 800,
  /** 14,400 × 14,400 points (PDF's own largest page, 200 in); past it the page is absurd. */
  maxPagePoints: 14_400 * 14_400,
  /** A page drawn 800 px wide and taller than this is a strip no reader wants. */
  maxHeight: 4_000,
  /** Six pages of a tall format, drawn; past it the thread stops drawing. */
  maxTotalPixels: 6 * 800 * 4_000,
  /** More pages than any teaching material has: such a file is not read further. */
  maxPageCount: 5_000,
} as const

export const PREVIEW_REFUSALS = [
  'too_large',
  'page_too_large',
  'too_many_pages',
  'zip_without_pdf',
] as const
export type PreviewRefusal = (typeof PREVIEW_REFUSALS)[number]
