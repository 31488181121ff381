import { shareImagePath, type Product } from '../../../contracts/products.js'
import type { ProductReviews } from '../../../contracts/reviews.js'
import { formatDecimalBRL } from '../../../contracts/money.js'
import { categoryOf } from '../../../contracts/categories.js'
import type { BnccSkill } from '../../../contracts/bncc.js'
import { ANOS, TIPOS } from '../../../contracts/school.js'
import { deliveryPromise, type PixConfirmation } from '../../../contracts/delivery-promise.js'
import { SHARE_IMAGE } from '../../files/images.js'

import { DEFAULT_STORE_NAME } from '../../../contracts/settings.js'

/** The name a page carries when the caller has none: the default of the `store_name` setting. */
export const STORE_NAME = DEFAULT_STORE_NAME

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

interface HeadInput {
  title: string
  description: string
  /** Absolute URLs: WhatsApp and other crawlers do not resolve relative ones. */
  url: string
  image?: { url: string; width: number; height: number; alt: string; type: string }
  type?: 'website' | 'product'
  /** Extra tags after the preview's (a product's price, its JSON-LD). */
  extra?: string[]
  /** The `store_name` setting: og:site_name. */
  storeName?: string
}

/** The <head> tags that make a shared link show a preview (Open Graph) and a canonical URL. */
export function renderHead({
  title,
  description,
  url,
  image,
  type = 'website',
  extra = [],
  storeName = STORE_NAME,
}: HeadInput): string {
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:site_name" content="${escapeHtml(storeName)}">`,
    `<meta property="og:locale" content="pt_BR">`,
    `<meta property="og:type" content="${type}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
  ]
  if (image) {
    tags.push(
      `<meta property="og:image" content="${escapeHtml(image.url)}">`,
      `<meta property="og:image:type" content="${escapeHtml(image.type)}">`,
      `<meta property="og:image:width" content="${image.width}">`,
      `<meta property="og:image:height" content="${image.height}">`,
      `<meta property="og:image:alt" content="${escapeHtml(image.alt)}">`,
      `<meta name="twitter:card" content="summary_large_image">`,
    )
  }
  tags.push(...extra)
  return tags.join('')
}

/** The store's own pages: title and preview promise what its payment mode keeps. */
export function storeHead(
  baseUrl: string,
  path: string,
  confirmation: PixConfirmation,
  storeName = STORE_NAME,
): string {
  const promise = deliveryPromise(confirmation)
  return renderHead({
    storeName,
    title: `${storeName} — ${promise.headline}`,
    description: promise.description,
    url: `${baseUrl}${path}`,
  })
}

/** One line of the description, cut at 200 characters: what previews and snippets show. */
export function summaryOf(description: string): string {
  const summary = description.replace(/\s+/g, ' ').trim()
  return summary.length > 200 ? `${summary.slice(0, 197)}...` : summary
}

/**
 * JSON for a <script type="application/ld+json"> (or any data block): `<`, `>` and `&` written
 * as escapes, so no text of the owner's can close the element or open another.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** Reviews the product page's JSON-LD names one by one (the rating counts them all). */
export const JSON_LD_REVIEWS = 5

/**
 * The stars as Google's Product rich result reads them: `aggregateRating` with ratingValue,
 * reviewCount and bestRating (worstRating 1), and each `review` with its author, rating and
 * date; only when at least one review is approved (an empty rating is an error there).
 * https://developers.google.com/search/docs/appearance/structured-data/review-snippet
 */
function ratingJsonLd(reviews: ProductReviews | undefined) {
  if (!reviews || reviews.count < 1) return {}
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: reviews.average,
      reviewCount: reviews.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.items.slice(0, JSON_LD_REVIEWS).map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.displayName },
      datePublished: r.date.slice(0, 10),
      ...(r.text ? { reviewBody: r.text } : {}),
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  }
}

/** schema.org Product with its Offer in reais: what search engines show as a rich result. */
export function productJsonLd(
  baseUrl: string,
  product: Product,
  storeName = STORE_NAME,
  reviews?: ProductReviews,
  skills: BnccSkill[] = [],
) {
  const url = `${baseUrl}/produto/${product.id}`
  const share = shareImagePath(product)
  const images = [
    ...(share ? [`${baseUrl}${product.imageUrl}&size=full`] : []),
    ...(product.additionalImages ?? []).map((path) => `${baseUrl}${path}`),
    ...(share ? [`${baseUrl}${share}`] : []),
  ]
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#produto`,
    sku: String(product.id),
    name: product.name,
    description: product.description.trim() || product.name,
    category: categoryOf(product.category).label,
    url,
    ...(images.length ? { image: images } : {}),
    brand: { '@type': 'Brand', name: storeName },
    offers: {
      '@type': 'Offer',
      url,
      price: product.isFree ? '0.00' : product.price,
      priceCurrency: 'BRL',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: storeName },
    },
    ...ratingJsonLd(reviews),
    ...learningResourceJsonLd(baseUrl, product, skills),
  }
}

/**
 * schema.org's LearningResource beside Product, when the material says who it is for: the
 * skills it teaches (AlignmentObject, BNCC), its years and its kind.
 */
function learningResourceJsonLd(baseUrl: string, product: Product, skills: BnccSkill[]) {
  const levels = ANOS.filter((a) => product.anos.includes(a.id)).map((a) => a.label)
  const kind = TIPOS.find((t) => t.id === product.tipo)?.label
  if (!skills.length && !levels.length && !kind) return {}
  return {
    '@type': ['Product', 'LearningResource'],
    ...(skills.length
      ? {
          educationalAlignment: skills.map((skill) => ({
            '@type': 'AlignmentObject',
            alignmentType: 'teaches',
            educationalFramework: 'BNCC',
            targetName: skill.code,
            targetDescription: skill.text,
            targetUrl: `${baseUrl}/bncc/${skill.code}`,
          })),
        }
      : {}),
    ...(levels.length ? { educationalLevel: levels } : {}),
    ...(kind ? { learningResourceType: kind } : {}),
  }
}

/** A BNCC skill's page: the title a teacher types into a search engine, the official text. */
export function skillHead(baseUrl: string, skill: BnccSkill, storeName = STORE_NAME): string {
  return renderHead({
    storeName,
    title: `${skill.code}: atividades e jogos | ${storeName}`,
    description: summaryOf(skill.text),
    url: `${baseUrl}/bncc/${skill.code}`,
  })
}

/** The BNCC's index: the words a teacher types looking for the skills of her year. */
export function skillsIndexHead(baseUrl: string, storeName = STORE_NAME): string {
  return renderHead({
    storeName,
    title: `BNCC: habilidades por ano e componente | ${storeName}`,
    description:
      'Todas as habilidades e objetivos de aprendizagem da BNCC, da Educação Infantil ao Ensino ' +
      'Médio, por ano e componente curricular, com os materiais prontos para cada uma.',
    url: `${baseUrl}/bncc`,
  })
}

export function productHead(
  baseUrl: string,
  product: Product,
  storeName = STORE_NAME,
  reviews?: ProductReviews,
  skills: BnccSkill[] = [],
): string {
  const price = product.isFree ? 'Grátis' : formatDecimalBRL(product.price)
  const share = shareImagePath(product)
  const amount = product.isFree ? '0.00' : product.price
  return renderHead({
    storeName,
    title: `${product.name} — ${price} | ${storeName}`,
    description: summaryOf(product.description),
    url: `${baseUrl}/produto/${product.id}`,
    image: share
      ? {
          url: `${baseUrl}${share}`,
          type: 'image/jpeg',
          width: SHARE_IMAGE.width,
          height: SHARE_IMAGE.height,
          alt: `Capa de ${product.name}`,
        }
      : undefined,
    type: 'product',
    extra: [
      `<meta property="og:price:amount" content="${amount}">`,
      `<meta property="og:price:currency" content="BRL">`,
      `<meta property="product:price:amount" content="${amount}">`,
      `<meta property="product:price:currency" content="BRL">`,
      `<meta property="product:availability" content="in stock">`,
      `<script type="application/ld+json">${jsonForHtml(productJsonLd(baseUrl, product, storeName, reviews, skills))}</script>`,
    ],
  })
}
