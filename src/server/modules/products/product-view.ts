import type { AdminProduct, BundleItem } from '../../../contracts/products.js'
import { centsToDecimal } from '../../../contracts/money.js'
import type { productFiles, productImages, products } from './products.tables.js'

type ProductRow = typeof products.$inferSelect
type ImageRow = Pick<typeof productImages.$inferSelect, 'position' | 'hash' | 'width' | 'height'>
type FileRow = Pick<
  typeof productFiles.$inferSelect,
  'position' | 'fileName' | 'mimeType' | 'sizeBytes'
>

/** A product's cover image; the hash in `v` makes a new cover a new URL (cached for a year). */
export const coverUrl = (productId: number, hash: string | null) =>
  `/api/products/${productId}/image?v=${hash ?? 'none'}`

/**
 * The one place a product row becomes the JSON every API answers. The public routes' schema
 * (Product) leaves out what only the admin's (AdminProduct) lists.
 */
export function toProductView(
  row: ProductRow,
  images: ImageRow[],
  files: FileRow[],
  bundleItems: BundleItem[] = [],
  bumps: { bumpProductId: number; offerCents: number }[] = [],
): AdminProduct {
  const cover = images.find((i) => i.position === 0)
  const extras = images.filter((i) => i.position > 0).sort((a, b) => a.position - b.position)
  const sortedFiles = [...files].sort((a, b) => a.position - b.position)
  const main = sortedFiles[0]
  const canvaOnly =
    !main && bundleItems.length === 0 && !!(row.canvaTemplateId?.trim() || row.externalLink?.trim())
  const additionalImages = extras.map(
    (image, index) => `/api/products/${row.id}/additional-image/${index}?v=${image.hash}`,
  )
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: centsToDecimal(row.priceCents),
    compareAtPrice: row.compareAtCents === null ? null : centsToDecimal(row.compareAtCents),
    category: row.category,
    isFree: row.isFree,
    isActive: row.isActive,
    imageUrl: coverUrl(row.id, cover?.hash ?? null),
    additionalImages,
    downloadFileName: main?.fileName ?? null,
    mimeType: main?.mimeType ?? null,
    externalLink: row.externalLink,
    canvaTemplateId: row.canvaTemplateId,
    canvaOnly,
    stampPdf: row.stampPdf,
    createdAt: row.createdAt.toISOString(),
    downloadFiles: sortedFiles.map((f, index) => ({
      index,
      fileName: f.fileName,
      mimeType: f.mimeType,
      size: f.sizeBytes,
    })),
    bundleProductIds: bundleItems.map((i) => i.productId),
    bundleItems,
    orderBumps: bumps.map((b) => ({
      productId: b.bumpProductId,
      offerPrice: centsToDecimal(b.offerCents),
    })),
    bncc: row.bncc,
    // Written only through the contract's ids (product-form.ts); read as the types they are.
    anos: row.anos as AdminProduct['anos'],
    componentes: row.componentes as AdminProduct['componentes'],
    tipo: row.tipo as AdminProduct['tipo'],
    tema: row.tema as AdminProduct['tema'],
    paginas: row.paginas,
    paginasFromPdf: row.paginasFromPdf,
    previewPages: row.previewPages,
    // A Canva material has no file to draw: the gallery images the owner uploads are its
    // pages. A file's drawn pages come from the previews module (the catalogue adds them).
    ...(canvaOnly
      ? {
          previews: extras.map((image, index) => ({
            page: index + 1,
            url: additionalImages[index]!,
            width: image.width,
            height: image.height,
          })),
          previewStatus: extras.length ? ('ready' as const) : ('none' as const),
        }
      : { previews: [], previewStatus: 'none' as const }),
  }
}
