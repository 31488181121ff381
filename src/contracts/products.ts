import { z } from 'zod'
import { MAX_DB_INT } from './limits.js'
import { PreviewImage, PreviewStatus } from './previews.js'
import { AnoIdSchema, ComponenteIdSchema, TemaIdSchema, TipoIdSchema } from './school-schemas.js'

/** WebP widths made once when an image is stored; a request picks one, nothing resizes per request. */
export const IMAGE_VARIANTS = { thumb: 200, card: 600, full: 1200 } as const
export type ImageVariant = keyof typeof IMAGE_VARIANTS

export const ProductFileInfo = z.object({
  index: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
})
export type ProductFileInfo = z.infer<typeof ProductFileInfo>

/** A product as every public API answers it. */
export const Product = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Decimal string with two places: "19.90". */
  price: z.string(),
  /** The 'de' price the owner shows beside the price ("29.90", always above it), or null. */
  compareAtPrice: z.string().nullable(),
  /** Canonical category slug (see categories.ts). */
  category: z.string(),
  isFree: z.boolean(),
  isActive: z.boolean(),
  /** Cover image; the `v` parameter changes whenever the image does, so it caches forever. */
  imageUrl: z.string(),
  additionalImages: z.array(z.string()),
  downloadFileName: z.string().nullable(),
  mimeType: z.string().nullable(),
  externalLink: z.string().nullable(),
  canvaTemplateId: z.string().nullable(),
  /**
   * Delivered only as a Canva template link (no file, not a kit): no download quota, no stamped
   * PDF; the link is handed over in 'Meus materiais' and the receipt e-mail. Said publicly even
   * when the link itself is not.
   */
  canvaOnly: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
  downloadFiles: z.array(ProductFileInfo),
  /** A kit's products (empty for a plain product); each is delivered as its own purchase. */
  bundleProductIds: z.array(z.number().int()),
  /** What the kit page lists: each included product with its own price. */
  bundleItems: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      /** "19.90" */
      price: z.string(),
      imageUrl: z.string(),
    }),
  ),
  /** Up to 3 products offered with this one at checkout, each at its special price ("9.90"). */
  orderBumps: z.array(z.object({ productId: z.number().int(), offerPrice: z.string() })),
  /** BNCC codes it teaches ('EF03MA09'), in the order the owner gave them. */
  bncc: z.array(z.string()),
  /** School years and components (contracts/school.ts ids), those the codes imply included. */
  anos: z.array(AnoIdSchema),
  componentes: z.array(ComponenteIdSchema),
  tipo: TipoIdSchema.nullable(),
  tema: TemaIdSchema.nullable(),
  paginas: z.number().int().nullable(),
  /**
   * 'Veja por dentro': the chosen pages drawn as marked WebP images (a Canva material's are its
   * gallery images); only the pages chosen, never the file.
   */
  previews: z.array(PreviewImage),
  /** none: nothing to show (no PDF, or a ZIP); pending: being drawn; failed: see the admin. */
  previewStatus: PreviewStatus,
})
export type Product = z.infer<typeof Product>
export type BundleItem = Product['bundleItems'][number]

/**
 * The cover's JPEG of 1200×630 (catalog.routes.ts: link previews, e-mails), or null for a product
 * without a cover; its `v` is the cover's, so a new cover is a new address.
 */
export function shareImagePath(product: Pick<Product, 'id' | 'imageUrl'>): string | null {
  const version = /[?&]v=([^&]+)/.exec(product.imageUrl)?.[1]
  if (!version || version === 'none') return null
  return `/api/products/${product.id}/share.jpg?v=${version}`
}

/** A product as the admin API answers it: the public view and the settings only the shop sees. */
export const AdminProduct = Product.extend({
  /** 'Proteger PDF com os dados do comprador': each buyer's PDFs carry their name. */
  stampPdf: z.boolean(),
  /** `paginas` was read from the main PDF at upload, not typed by the owner (the form says so). */
  paginasFromPdf: z.boolean(),
  /** The pages chosen for the preview ('Prévia das páginas'), in ascending order. */
  previewPages: z.array(z.number().int()),
})
export type AdminProduct = z.infer<typeof AdminProduct>

/** GET /api/products, POST /api/products/related (the best sellers carry stars: catalog.ts). */
export const ProductList = z.array(Product)

/** GET /api/emergency/:id, the older clients' fallback for the product page. */
export const EmergencyProductAnswer = z.object({ success: z.literal(true), product: Product })

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

/** GET /api/checkout/offers?productIds=1,2: the bumps the products in the cart offer. */
export const OffersQuery = z.object({
  productIds: z
    .string()
    .max(2000)
    .transform((v) =>
      [...new Set(v.split(',').map(Number))].filter(
        (n) => Number.isInteger(n) && n > 0 && n <= MAX_DB_INT,
      ),
    ),
})
export const CheckoutOffer = z.object({
  productId: z.number().int(),
  name: z.string(),
  imageUrl: z.string(),
  /** Its normal price ("19.90"). */
  price: z.string(),
  /** What it costs with `forProductId` in the same order. */
  offerPrice: z.string(),
  forProductId: z.number().int(),
})
export type CheckoutOffer = z.infer<typeof CheckoutOffer>

export const RelatedBody = z.object({
  cartProductIds: z
    .array(z.coerce.number().int().positive().max(MAX_DB_INT), {
      error: 'cartProductIds deve ser uma lista',
    })
    .max(200)
    .default([]),
})

export { BESTSELLERS_LIMIT, RELATED_LIMIT } from './limits.js'
