import { storeImageVariants, type StoredImage } from '../files/images.js'
import type { FileStorage } from '../files/storage.js'
import { renderPng } from './demo-art.js'
import { coverSvg } from './demo-cover.js'
import { buildPdf } from './demo-pdf.js'
import { practiceOf } from './demo-practice.js'
import { previewSvg } from './demo-preview.js'
import { DEMO_PRODUCTS, type DemoProduct } from './demo-products.js'

export interface DemoFile {
  fileName: string
  /** Appended to `<id>-` once the product's id is known. */
  keySuffix: string
  pdf: Buffer
}

/** One demo product's covers (already stored) and PDFs (stored by the seed, under its id). */
export interface DemoProductArtwork {
  product: DemoProduct
  images: StoredImage[]
  files: DemoFile[]
}

export type DemoArtwork = DemoProductArtwork[]

/**
 * Draws the demo catalogue's covers and previews (SVG through librsvg, then every WebP variant
 * through libvips), stores them, and makes its PDFs (pdf-lib): about 2 s of both cores.
 */
export function renderDemoArtwork(storage: FileStorage): Promise<DemoArtwork> {
  return Promise.all(DEMO_PRODUCTS.map((product, i) => render(product, i, storage)))
}

async function render(
  product: DemoProduct,
  index: number,
  storage: FileStorage,
): Promise<DemoProductArtwork> {
  const { pages, answerKey } = practiceOf(product.slug)
  const svgs = [
    coverSvg({
      name: product.name,
      category: product.category,
      format: product.canva ? 'CANVA' : 'PDF',
      seed: index + 1,
    }),
  ]
  if (product.withPreviews) {
    pages.forEach((practice, i) => svgs.push(previewSvg(practice, product.category, i + 2)))
  }
  const images = await Promise.all(
    svgs.map(async (svg, i) =>
      storeImageVariants(storage, await renderPng(svg), { share: i === 0 }),
    ),
  )
  const files: DemoFile[] = [
    {
      fileName: `${product.slug}.pdf`,
      keySuffix: `${product.slug}.pdf`,
      pdf: await buildPdf({ ...product, pages }),
    },
  ]
  if (answerKey) {
    const pdf = await buildPdf({
      name: `Gabarito — ${product.name}`,
      description:
        'Respostas esperadas de cada questão, para a correção rápida e o registro da turma.',
      category: product.category,
      pages: [answerKey],
    })
    files.push({ fileName: 'gabarito.pdf', keySuffix: `${product.slug}-gabarito.pdf`, pdf })
  }
  return { product, images, files }
}
