import { CatalogCategories, CatalogPage } from '../../../contracts/catalog.js'
import { categoryOf } from '../../../contracts/categories.js'
import { formatDecimalBRL } from '../../../contracts/money.js'
import { z } from 'zod'
import { Product } from '../../../contracts/products.js'
import { escapeHtml, jsonForHtml, STORE_NAME } from './page-head.js'

/** The cover's width on screen, as gallery.tsx says it: the same picture is chosen by both. */
const COVER_SIZES = '(min-width: 768px) 560px, calc(100vw - 32px)'

/** The data block the client reads before its first render (src/client/lib/page-data.ts). */
export const PAGE_DATA_ID = 'dados-da-pagina'

/**
 * The product page as HTML, inside #root: a crawler and a phone still loading the script read
 * the name, price and description at once. Its classes are those of the React page
 * (product-detail.tsx and the header), so when React takes over, with the product already in its
 * cache, nothing moves. Tailwind scans this file too (styles.css `@source`).
 */
export function productBody(product: Product, brand: ShellBrand = DEFAULT_BRAND): string {
  const category = categoryOf(product.category)
  const cover = `${product.imageUrl}&size=full`
  const srcset = `${product.imageUrl}&size=card 600w, ${cover} 1200w`
  const price = product.isFree
    ? `<div data-testid="price-box" class="rounded-2xl border-2 border-emerald-200 bg-emerald-50 p-4"><p class="text-3xl font-extrabold text-emerald-700">GRATUITO</p><p class="mt-1 text-sm text-emerald-800">Download direto, sem pagamento</p></div>`
    : `<div data-testid="price-box" class="rounded-2xl border-2 border-pink-200 bg-gradient-to-r from-pink-50 to-purple-50 p-4"><p class="text-sm font-semibold text-pink-700">Preço especial</p><p class="text-3xl font-extrabold text-purple-800">${escapeHtml(formatDecimalBRL(product.price))}</p><p class="mt-1 text-sm text-gray-600"><span aria-hidden="true">💠</span> Pagamento via PIX</p></div>`
  return [
    `<div class="flex min-h-dvh flex-col">`,
    shellHeader(brand),
    `<main id="conteudo" class="flex-1"><article class="mx-auto max-w-6xl px-4 py-4 sm:py-8">`,
    `<div class="mb-4 flex h-10 items-center"><a href="/" class="inline-flex h-10 items-center gap-1 rounded-xl px-2 font-semibold text-purple-700"><span aria-hidden="true">←</span> Voltar</a></div>`,
    `<div class="grid gap-6 md:grid-cols-2 md:gap-10">`,
    `<div><div class="aspect-square overflow-hidden rounded-3xl border border-purple-100 bg-purple-50 shadow-sm"><img src="${escapeHtml(cover)}" srcset="${escapeHtml(srcset)}" sizes="${COVER_SIZES}" alt="${escapeHtml(product.name)}" fetchpriority="high" width="1200" height="1200" class="size-full object-contain"></div>`,
    galleryStrip(product),
    `</div>`,
    `<div class="space-y-5"><div>`,
    `<span class="inline-flex max-w-full items-center gap-1 truncate rounded-full bg-purple-100 px-2.5 py-0.5 text-xs font-semibold text-purple-800"><span aria-hidden="true">${category.emoji}</span><span class="truncate">${escapeHtml(category.label)}</span></span>`,
    `<h1 class="mt-3 text-2xl leading-tight font-extrabold text-gray-900 sm:text-3xl">${escapeHtml(product.name)}</h1></div>`,
    price,
    `<section aria-labelledby="descricao"><h2 id="descricao" class="text-lg font-bold text-purple-900">Descrição</h2><p class="mt-2 leading-relaxed whitespace-pre-line text-gray-700">${escapeHtml(product.description)}</p></section>`,
    `</div></div></article></main></div>`,
  ].join('')
}

/** The gallery's dots and thumbnails (gallery.tsx), the same size, before they can be tapped. */
function galleryStrip(product: Product): string {
  const images = [product.imageUrl, ...(product.additionalImages ?? [])]
  if (images.length < 2) return ''
  const dots = images
    .map(
      (_, i) =>
        `<span class="size-2.5 rounded-full ${i === 0 ? 'w-6 bg-purple-600' : 'bg-purple-200'}"></span>`,
    )
    .join('')
  const thumbs = images
    .map(
      (url, i) =>
        `<li><span class="block aspect-square w-full overflow-hidden rounded-xl border-2 ${i === 0 ? 'border-purple-500' : 'border-transparent opacity-80'}"><img src="${escapeHtml(`${url}&size=thumb`)}" alt="" class="size-full object-cover"></span></li>`,
    )
    .join('')
  return `<div class="mt-3 flex justify-center gap-2" aria-hidden="true">${dots}</div><ul class="mt-3 grid grid-cols-4 gap-2" aria-hidden="true">${thumbs}</ul>`
}

/** The store's name and uploaded logo (empty: the apple), as header.tsx shows them. */
export interface ShellBrand {
  storeName: string
  logo: string
}

const DEFAULT_BRAND: ShellBrand = { storeName: STORE_NAME, logo: '' }

/** The header's mark: the uploaded logo, else the apple (header.tsx, StoreMark). */
function shellMark(brand: ShellBrand): string {
  return brand.logo
    ? `<img src="${escapeHtml(brand.logo)}" alt="" class="h-9 w-auto max-w-16 shrink-0 rounded-md object-contain">`
    : `<span aria-hidden="true" class="text-2xl">🍎</span>`
}

/** The header's frame at its real height, before the scripts fill in the cart and the account. */
function shellHeader(brand: ShellBrand): string {
  return [
    `<header class="sticky top-0 z-40 bg-white/95 shadow-sm backdrop-blur">`,
    `<div class="bg-purple-900 text-xs text-purple-50"><div class="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-1.5"><span class="inline-flex items-center gap-1 opacity-80"><span aria-hidden="true">⏳</span> Verificando segurança...</span></div></div>`,
    `<div class="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-2.5">`,
    `<a href="/" class="flex min-w-0 items-center gap-2 rounded-lg">${shellMark(brand)}<span data-testid="store-name" class="line-clamp-2 min-w-0 text-[15px] leading-tight font-extrabold text-purple-800 sm:text-lg">${escapeHtml(brand.storeName)}</span></a>`,
    `<span class="h-10 w-10" aria-hidden="true"></span>`,
    `</div></header>`,
  ].join('')
}

/** The home page's first page of cards and its categories, as GET /api/catalog answers them. */
export function homeData(home: { page: CatalogPage; categories: CatalogCategories }): string {
  const data = {
    home: {
      page: z.encode(CatalogPage, home.page),
      categories: z.encode(CatalogCategories, home.categories),
    },
  }
  return `<script type="application/json" id="${PAGE_DATA_ID}">${jsonForHtml(data)}</script>`
}

/** The product as the API answers it, for the client's cache: no second request, no spinner. */
export function productData(product: Product): string {
  // Through the route's schema, as GET /api/products/{id} answers it: nothing more leaks out.
  const data = { product: z.encode(Product, product) }
  return `<script type="application/json" id="${PAGE_DATA_ID}">${jsonForHtml(data)}</script>`
}
