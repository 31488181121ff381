import { z } from 'zod'
import { findCategory } from './categories.js'
import { MAX_DB_INT } from './limits.js'
import { decimalToCents, formatBRL } from './money.js'
import { PREVIEW_PAGES_DEFAULT, PreviewPagesSchema } from './previews.js'
import { AdminProduct } from './products.js'
import {
  TAG_MESSAGES,
  tagsOfCategory,
  type AnoId,
  type ComponenteId,
  type TemaId,
  type TipoId,
} from './school.js'
import { AnoIdSchema, ComponenteIdSchema, TemaIdSchema, TipoIdSchema } from './school-schemas.js'

const MB = 1024 * 1024

/** SPEC.md sections 5 and 9; the server enforces them, the forms show them before sending. */
export const UPLOAD_LIMITS = {
  fileBytes: 500 * MB,
  imageBytes: 50 * MB,
  additionalImagesOnCreate: 10,
  additionalImagesOnEdit: 5,
  downloadFiles: 20,
  /** JSON body of the base64 routes; base64 makes a file a third bigger. */
  base64BodyBytes: 60 * MB,
} as const

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const
export const DOWNLOAD_EXTENSIONS = ['pdf', 'zip', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx']

export const PRODUCT_MESSAGES = {
  required: 'Preencha nome, descrição, preço e categoria',
  editRequired: 'Nome e preço são obrigatórios.',
  price: 'Preço inválido: use um valor maior ou igual a 0, com no máximo 2 casas decimais',
  compareAt: 'Preço "de" inválido: use um valor em reais com no máximo 2 casas decimais',
  category: 'Por favor selecione uma categoria',
  files: 'Imagem e arquivo de download são obrigatórios',
  externalLink: 'O link externo deve ser uma URL válida (http:// ou https://)',
  heic: 'Formato HEIC não suportado. Converta a imagem para JPG ou PNG.',
  imageType: 'Formato de imagem não suportado. Use JPG, PNG, GIF ou WebP.',
  downloadType:
    'Tipo de arquivo para download não suportado. Use PDF, ZIP, DOC, DOCX, XLS, XLSX, PPT ou PPTX.',
  bundle: 'Lista de produtos do kit inválida',
  bundleSelf: 'Um kit não pode conter a si mesmo',
  bundleNested: 'Um kit não pode conter outro kit',
  bundleMissing: 'Um dos produtos do kit não existe',
  bundleIncluded: 'Este produto faz parte de um kit e não pode virar um kit',
  bumps: 'Ofertas no checkout inválidas: até 3, cada uma com produto e preço',
  bumpSelf: 'Um produto não pode ser oferta de si mesmo',
  bumpMissing: 'Um dos produtos das ofertas não existe',
  base64TooLarge:
    'Arquivo grande demais para envio em base64 (máximo 60 MB). Use o formulário com upload.',
} as const

/** Form values arrive as text (multipart) or as JSON booleans: 'true', 'on', '1', true. */
const flag = z
  .union([z.boolean(), z.string(), z.number()])
  .transform((v) => (typeof v === 'boolean' ? v : ['true', 'on', '1', 'yes'].includes(String(v))))

const text = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(max, { error: `Texto longo demais (máximo ${max} caracteres)` }))

function httpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** A product id as the tables hold it (int4). */
const isProductId = (n: number) => Number.isInteger(n) && n > 0 && n <= MAX_DB_INT

/**
 * A list of product ids: an array in the JSON routes, JSON text in a multipart form (as every
 * list field is); '' clears it.
 */
const idList = z.union([z.array(z.unknown()), z.string()]).transform((v, ctx): number[] => {
  let list: unknown = v
  if (typeof v === 'string') {
    try {
      list = v.trim() === '' ? [] : JSON.parse(v)
    } catch {
      list = null
    }
  }
  const ids = Array.isArray(list) ? list.map(Number) : []
  if (!Array.isArray(list) || ids.length > 50 || !ids.every(isProductId)) {
    ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.bundle })
    return z.NEVER
  }
  return [...new Set(ids)]
})

/** Order bumps: an array in the JSON routes, JSON text in a multipart form; '' clears them. */
const bumpList = z
  .union([z.array(z.unknown()), z.string()])
  .transform((v, ctx): { productId: number; offerCents: number }[] => {
    let list: unknown = v
    if (typeof v === 'string') {
      try {
        list = v.trim() === '' ? [] : JSON.parse(v)
      } catch {
        list = null
      }
    }
    const parsed = Array.isArray(list)
      ? list.map((b) => {
          const item = (b ?? {}) as { productId?: unknown; offerPrice?: unknown }
          const productId = Number(item.productId)
          const offerCents =
            typeof item.offerPrice === 'string' || typeof item.offerPrice === 'number'
              ? decimalToCents(item.offerPrice)
              : null
          return isProductId(productId) && offerCents !== null ? { productId, offerCents } : null
        })
      : [null]
    const ok = parsed.filter((b) => b !== null)
    const unique = new Set(ok.map((b) => b.productId))
    if (ok.length !== parsed.length || ok.length > 3 || unique.size !== ok.length) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.bumps })
      return z.NEVER
    }
    return ok
  })

/** Most codes, years or components one product lists. */
const TAGS_MAX = 40

/**
 * A list of short ids or codes: an array in the JSON routes; in a multipart form, JSON text or
 * the values separated by commas ('3,4'); '' clears it. Each value checked by `item`.
 */
const tagList = <T extends string>(item: z.ZodType<T>) =>
  z.union([z.array(z.unknown()), z.string()]).transform((v, ctx): T[] => {
    let list: unknown = v
    if (typeof v === 'string') {
      const raw = v.trim()
      try {
        list = raw.startsWith('[') ? JSON.parse(raw) : raw === '' ? [] : raw.split(',')
      } catch {
        list = null
      }
    }
    if (!Array.isArray(list) || list.length > TAGS_MAX) {
      ctx.addIssue({ code: 'custom', message: TAG_MESSAGES.list })
      return z.NEVER
    }
    const out: T[] = []
    for (const value of list) {
      const parsed = item.safeParse(typeof value === 'string' ? value.trim() : value)
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message })
        return z.NEVER
      }
      if (!out.includes(parsed.data)) out.push(parsed.data)
    }
    return out
  })

/** A BNCC code as typed, uppercased; whether it exists is the BNCC module's to say. */
const bnccCode = z
  .string({ error: TAG_MESSAGES.list })
  .max(20, { error: TAG_MESSAGES.list })
  .transform((code) => code.trim().toUpperCase())

/** One id of a fixed list, or '' / null to clear it. */
const oneOrNone = <T extends string>(item: z.ZodType<T>) =>
  z.union([z.string(), z.null()]).transform((v, ctx): T | null => {
    const value = v === null ? '' : v.trim()
    if (value === '') return null
    const parsed = item.safeParse(value)
    if (parsed.success) return parsed.data
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message })
    return z.NEVER
  })

const pageCount = z.union([z.string(), z.number(), z.null()]).transform((v, ctx): number | null => {
  if (v === null || String(v).trim() === '') return null
  const n = Number(String(v).trim())
  if (!Number.isInteger(n) || n < 1 || n > 5000) {
    ctx.addIssue({ code: 'custom', message: TAG_MESSAGES.paginas })
    return z.NEVER
  }
  return n
})

const link = text(2000).refine((v) => v === '' || httpUrl(v), {
  error: PRODUCT_MESSAGES.externalLink,
})

/**
 * The text fields of every product form. The first failing rule, in field order, is the one
 * message the server answers. `downloadUrl` is the older name of `externalLink`.
 */
const fields = z.object({
  name: text(200).optional(),
  description: text(20_000).optional(),
  price: z.union([z.string(), z.number()]).optional(),
  /** The 'de' price shown struck beside the price; blank removes it. */
  compareAtPrice: z.union([z.string(), z.number()]).optional(),
  category: z.string().optional(),
  isFree: flag.optional(),
  isActive: flag.optional(),
  externalLink: link.optional(),
  downloadUrl: link.optional(),
  canvaTemplateId: text(200).optional(),
  stampPdf: flag.optional(),
  bundleProductIds: idList.optional(),
  orderBumps: bumpList.optional(),
  /** Who it is for and what it is (contracts/school.ts); codes checked against the BNCC. */
  bncc: tagList(bnccCode).optional(),
  anos: tagList(AnoIdSchema).optional(),
  componentes: tagList(ComponenteIdSchema).optional(),
  tipo: oneOrNone(TipoIdSchema).optional(),
  tema: oneOrNone(TemaIdSchema).optional(),
  paginas: pageCount.optional(),
  /** The pages shown as 'Veja por dentro' (previews.ts); the default on create is 1, 2, 3. */
  previewPages: PreviewPagesSchema.optional(),
})

export interface ProductChanges {
  name: string
  description?: string
  priceCents: number
  /** The 'de' price, above `priceCents`; null removes it; undefined leaves it (edit). */
  compareAtCents?: number | null
  category?: string
  isFree?: boolean
  isActive?: boolean
  /** null clears it; undefined leaves it as it was (edit). */
  externalLink?: string | null
  canvaTemplateId?: string | null
  /** Stamp each buyer's PDFs; undefined leaves it as it was (edit). */
  stampPdf?: boolean
  /** A kit's products; [] makes it a plain product; undefined leaves it as it was (edit). */
  bundleProductIds?: number[]
  /** Up to 3 offers at checkout; [] removes them; undefined leaves them as they were (edit). */
  orderBumps?: { productId: number; offerCents: number }[]
  /**
   * Who it is for and what it is; undefined leaves each as it was (edit). On create, what is
   * not sent is what the category meant (school.ts CATEGORY_TAGS), and the years and components
   * the codes imply are added by the server.
   */
  bncc?: string[]
  anos?: AnoId[]
  componentes?: ComponenteId[]
  tipo?: TipoId | null
  tema?: TemaId | null
  /**
   * Pages of the material as the owner gives them; when she gives none (null or not sent), the
   * server reads them from the main PDF at upload. Her number always wins over the file's.
   */
  paginas?: number | null
  /** The pages rendered as the preview; undefined leaves them as they were (edit). */
  previewPages?: number[]
}
export type NewProduct = Required<Omit<ProductChanges, 'paginas'>> & { paginas?: number | null }

const blankToNull = (v: string | undefined) => (v === undefined ? undefined : v || null)

/** The 'de' price must be above the price it is shown beside (server and form alike). */
export const compareAtMessage = (priceCents: number) =>
  `O preço "de" deve ser maior que o preço de venda (${formatBRL(priceCents)}), ou fique em branco.`

/**
 * The 'de' price as sent: undefined when not sent, null when blank (or the material is free),
 * a message when it is not a price or not above the price.
 */
function compareAtOf(
  sent: string | number | undefined,
  priceCents: number,
  isFree: boolean | undefined,
): { cents: number | null | undefined } | { message: string } {
  if (sent === undefined) return { cents: isFree ? null : undefined }
  if (isFree || String(sent).trim() === '') return { cents: null }
  const cents = decimalToCents(sent)
  if (cents === null) return { message: PRODUCT_MESSAGES.compareAt }
  if (cents <= priceCents) return { message: compareAtMessage(priceCents) }
  return { cents }
}

function priceOf(price: string | number | undefined, isFree: boolean | undefined) {
  if (isFree) return 0
  if (price === undefined || String(price).trim() === '') return undefined
  return decimalToCents(price) ?? null
}

/** A new product's tags: those sent, and for each one not sent, what its category meant. */
function tagsOnCreate(f: z.infer<typeof fields>, category: string) {
  const meant = tagsOfCategory(category)
  return {
    bncc: f.bncc ?? [],
    anos: f.anos ?? meant.anos,
    componentes: f.componentes ?? meant.componentes,
    tipo: f.tipo === undefined ? meant.tipo : f.tipo,
    tema: f.tema === undefined ? meant.tema : f.tema,
    paginas: f.paginas,
  }
}

/** Create (multipart and base64): everything required but the links; free forces 0.00. */
export const ProductCreateFields = fields.transform((f, ctx): NewProduct => {
  const fail = (message: string) => (ctx.addIssue({ code: 'custom', message }), z.NEVER)
  const priceCents = priceOf(f.price, f.isFree)
  if (!f.name || !f.description || priceCents === undefined) return fail(PRODUCT_MESSAGES.required)
  if (priceCents === null) return fail(PRODUCT_MESSAGES.price)
  const category = findCategory(f.category)
  if (!category) return fail(PRODUCT_MESSAGES.category)
  const compareAt = compareAtOf(f.compareAtPrice, priceCents, f.isFree)
  if ('message' in compareAt) return fail(compareAt.message)
  return {
    name: f.name,
    description: f.description,
    priceCents,
    compareAtCents: compareAt.cents ?? null,
    category: category.slug,
    isFree: f.isFree ?? false,
    isActive: f.isActive ?? true,
    externalLink: blankToNull(f.externalLink ?? f.downloadUrl) ?? null,
    canvaTemplateId: blankToNull(f.canvaTemplateId) ?? null,
    // On unless the form says otherwise; a free material is never stamped.
    stampPdf: (f.stampPdf ?? true) && !(f.isFree ?? false),
    bundleProductIds: f.bundleProductIds ?? [],
    orderBumps: f.orderBumps ?? [],
    previewPages: f.previewPages ?? PREVIEW_PAGES_DEFAULT,
    ...tagsOnCreate(f, category.slug),
  }
})

/** Edit: name and price required (SPEC.md section 5); a field left out keeps its value. */
export const ProductEditFields = fields.transform((f, ctx): ProductChanges => {
  const fail = (message: string) => (ctx.addIssue({ code: 'custom', message }), z.NEVER)
  const priceCents = priceOf(f.price, f.isFree)
  if (!f.name || priceCents === undefined) return fail(PRODUCT_MESSAGES.editRequired)
  if (priceCents === null) return fail(PRODUCT_MESSAGES.price)
  const category = f.category?.trim() ? findCategory(f.category) : undefined
  if (f.category?.trim() && !category) return fail(PRODUCT_MESSAGES.category)
  const compareAt = compareAtOf(f.compareAtPrice, priceCents, f.isFree)
  if ('message' in compareAt) return fail(compareAt.message)
  return {
    name: f.name,
    description: f.description,
    priceCents,
    compareAtCents: compareAt.cents,
    category: category?.slug,
    isFree: f.isFree,
    isActive: f.isActive,
    externalLink: blankToNull(f.externalLink ?? f.downloadUrl),
    canvaTemplateId: blankToNull(f.canvaTemplateId),
    stampPdf: f.stampPdf,
    bundleProductIds: f.bundleProductIds,
    orderBumps: f.orderBumps,
    bncc: f.bncc,
    anos: f.anos,
    componentes: f.componentes,
    tipo: f.tipo,
    tema: f.tema,
    paginas: f.paginas,
    previewPages: f.previewPages,
  }
})

const productId = z.number().int()

/** POST /api/products (201): the product made; the screen re-reads the list for the rest. */
export const ProductCreated = z.object({ id: productId, name: z.string() })
export type ProductCreated = z.infer<typeof ProductCreated>

/** POST /api/products/base64 and base64-multiple (201): the same, also under `product`. */
export const Base64ProductCreated = ProductCreated.extend({ product: ProductCreated })

/** DELETE /api/products/:id: a product someone bought is hidden, any other deleted. */
export const ProductRemoved = z.object({
  success: z.literal(true),
  id: productId,
  removed: z.enum(['hidden', 'deleted']),
})

/** PUT /api/admin/products-light/:id/toggle. */
export const ProductToggled = z.object({ id: productId, isActive: z.boolean() })

/** PUT /api/products/:id and update-json: the product as it now is; null if deleted meanwhile. */
export const ProductEdited = AdminProduct.nullable()

/** An order bump's price must be below the offered product's own (server and form alike). */
export const bumpPriceMessage = (productName: string, priceCents: number) =>
  `O preço da oferta de ${productName} deve ser menor que o preço dele (${formatBRL(priceCents)})`
