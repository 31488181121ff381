import { z } from 'zod'

/** WebP widths made once when an image is stored; a request picks one, nothing resizes per request. */
export const IMAGE_VARIANTS = { thumb: 200, card: 600, full: 1200 } as const
export type ImageVariant = keyof typeof IMAGE_VARIANTS

export interface ProductFileInfo {
  index: number
  fileName: string
  mimeType: string
  size: number
}

/** A product as every public API answers it. */
export interface Product {
  id: number
  name: string
  description: string
  /** Decimal string with two places: "19.90". */
  price: string
  /** Canonical category slug (see categories.ts). */
  category: string
  isFree: boolean
  isActive: boolean
  /** Cover image; the `v` parameter changes whenever the image does, so it caches forever. */
  imageUrl: string
  additionalImages: string[]
  downloadFileName: string | null
  mimeType: string | null
  externalLink: string | null
  canvaTemplateId: string | null
  createdAt: string
  downloadFiles: ProductFileInfo[]
}

export const ProductIdParams = z.object({
  id: z.coerce
    .number({ error: 'ID do produto inválido' })
    .int({ error: 'ID do produto inválido' })
    .positive({ error: 'ID do produto inválido' })
    .max(2_147_483_647, { error: 'ID do produto inválido' }),
})

export const AdditionalImageParams = ProductIdParams.extend({
  index: z.coerce
    .number({ error: 'Índice de imagem inválido' })
    .int({ error: 'Índice de imagem inválido' })
    .min(0, { error: 'Índice de imagem inválido' })
    .max(99, { error: 'Índice de imagem inválido' }),
})

/**
 * `size` is a variant name or a width in pixels (the smallest variant at least that wide is
 * served). `v`, `direct`, `force` and `retry` are cache busters older clients add; ignored.
 */
export const ImageQuery = z.object({
  size: z
    .union([z.enum(['thumb', 'card', 'full', 'small', 'medium', 'large']), z.coerce.number().int()])
    .optional()
    .catch(undefined),
  v: z.string().optional().catch(undefined),
})
export type ImageQuery = z.infer<typeof ImageQuery>

export const RelatedBody = z.object({
  cartProductIds: z
    .array(z.coerce.number().int().positive(), { error: 'cartProductIds deve ser uma lista' })
    .max(200)
    .default([]),
})

/** How many products the related block and the best sellers show. */
export const RELATED_LIMIT = 4
export const BESTSELLERS_LIMIT = 4
