import sharp from 'sharp'
import { orderItems, orders } from '../modules/orders/orders.tables.js'
import { productFiles, productImages, products } from '../modules/products/products.tables.js'
import { storeImageVariants } from '../files/images.js'
import type { TestStore } from './test-app.js'

let counter = 0

/** A solid-colour PNG, enough for sharp to make real variants from. */
export async function samplePng(width = 800, height = 800, color = '#e91e63'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer()
}

export interface ProductFixture {
  name?: string
  description?: string
  priceCents?: number
  compareAtCents?: number
  category?: string
  isFree?: boolean
  isActive?: boolean
  extraImages?: number
  createdAt?: Date
  fileBytes?: Buffer
  externalLink?: string
  canvaTemplateId?: string
  stampPdf?: boolean
  fileName?: string
  mimeType?: string
  /** No stored file: a material delivered by its Canva link alone. */
  withoutFile?: boolean
}

/** Inserts a product with a real cover (and extra images) and a real stored file. */
export async function insertProduct(store: TestStore, fixture: ProductFixture = {}) {
  const n = ++counter
  const { db } = store.database
  const [row] = await db
    .insert(products)
    .values({
      name: fixture.name ?? `Material ${n}`,
      description: fixture.description ?? `Descrição do material ${n}`,
      priceCents: fixture.isFree ? 0 : (fixture.priceCents ?? 1990),
      compareAtCents: fixture.compareAtCents ?? null,
      category: fixture.category ?? 'alfabetizacao',
      isFree: fixture.isFree ?? false,
      isActive: fixture.isActive ?? true,
      createdAt: fixture.createdAt ?? new Date(Date.now() + n * 1000),
      externalLink: fixture.externalLink ?? null,
      canvaTemplateId: fixture.canvaTemplateId ?? null,
      stampPdf: fixture.stampPdf ?? false,
    })
    .returning()
  const product = row!
  for (let position = 0; position <= (fixture.extraImages ?? 0); position++) {
    const image = await storeImageVariants(
      store.storage,
      await samplePng(
        800,
        600,
        `#${(n * 40 + position * 90).toString(16).padStart(6, '0').slice(0, 6)}`,
      ),
    )
    await db.insert(productImages).values({ productId: product.id, position, ...image })
  }
  if (fixture.withoutFile) {
    store.app.services.catalog.invalidate()
    return product
  }
  const bytes = fixture.fileBytes ?? Buffer.from(`%PDF-1.4\n% material ${n}\n%%EOF\n`)
  const storageKey = `files/test/${product.id}.pdf`
  const stored = await store.storage.put(storageKey, bytes)
  await db.insert(productFiles).values({
    productId: product.id,
    position: 0,
    fileName: fixture.fileName ?? `material-${n}.pdf`,
    mimeType: fixture.mimeType ?? 'application/pdf',
    sizeBytes: stored.size,
    storageKey,
    sha256: stored.sha256,
  })
  store.app.services.catalog.invalidate()
  return product
}

/** A paid order of the given products, so they count as sales. */
export async function insertPaidOrder(
  store: TestStore,
  items: { productId: number; quantity: number }[],
) {
  const id = `test-order-${++counter}-${Date.now()}`
  const { db } = store.database
  await db.insert(orders).values({
    id,
    customerName: 'Cliente Teste',
    customerEmail: 'cliente@teste.com',
    totalCents: 0,
    status: 'paid',
    paymentProvider: 'demo',
  })
  await db.insert(orderItems).values(
    items.map((item) => ({
      orderId: id,
      productId: item.productId,
      productName: 'x',
      unitPriceCents: 0,
      quantity: item.quantity,
    })),
  )
  store.app.services.catalog.invalidate()
  return id
}
