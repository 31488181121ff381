import { z } from 'zod'

/** 'Veja por dentro': pages of the material shown before the purchase (decision 036). */
export const PREVIEW_PAGES_DEFAULT = [1, 2, 3]
export const PREVIEW_PAGES_MAX = 6

export const PREVIEW_MESSAGES = {
  pages: `Escolha de 1 a ${PREVIEW_PAGES_MAX} páginas para a prévia (números de página, como 1, 2, 3).`,
} as const

/**
 * The pages chosen for the preview, as the form sends them ("1,2,5", a JSON list, or numbers):
 * distinct, in ascending order, 1 to 6 of them, each a page number.
 */
export const PreviewPagesSchema = z
  .union([z.array(z.unknown()), z.string()])
  .transform((v, ctx): number[] => {
    const fail = () => (ctx.addIssue({ code: 'custom', message: PREVIEW_MESSAGES.pages }), z.NEVER)
    let list: unknown = v
    if (typeof v === 'string') {
      const raw = v.trim()
      try {
        list = raw.startsWith('[') ? JSON.parse(raw) : raw.split(/[\s,;]+/).filter(Boolean)
      } catch {
        return fail()
      }
    }
    if (!Array.isArray(list)) return fail()
    const pages = [...new Set(list.map((p) => Number(typeof p === 'string' ? p.trim() : p)))]
    if (pages.length < 1 || pages.length > PREVIEW_PAGES_MAX) return fail()
    if (!pages.every((p) => Number.isInteger(p) && p >= 1 && p <= 5000)) return fail()
    return pages.sort((a, b) => a - b)
  })

export const PREVIEW_STATUSES = ['pending', 'ready', 'failed', 'none'] as const
export const PreviewStatus = z.enum(PREVIEW_STATUSES)
export type PreviewStatus = z.infer<typeof PreviewStatus>

/** One page's image: a public WebP whose URL changes with the file (cached for a year). */
export const PreviewImage = z.object({
  page: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
})
export type PreviewImage = z.infer<typeof PreviewImage>

/** GET /api/admin/products/:id/previews: what the form shows under 'Prévia das páginas'. */
export const AdminPreview = z.object({
  status: PreviewStatus,
  /** Why it failed, in words for the owner; null otherwise. */
  reason: z.string().nullable(),
  previewPages: z.array(z.number().int()),
  previews: z.array(PreviewImage),
})
export type AdminPreview = z.infer<typeof AdminPreview>

/** GET /api/previews/:key: the image's storage key as its public name. */
export const PreviewFileParams = z.object({
  productId: z.coerce.number().int().positive().max(2_147_483_647),
  name: z.string().regex(/^[a-f0-9]{16,64}-\d{1,4}\.webp$/, { error: 'Prévia não encontrada' }),
})
