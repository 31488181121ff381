import type { Product } from '../../../contracts/products.js'
import { formatDecimalBRL } from '../../../contracts/money.js'

export const STORE_NAME = 'Loja de Materiais Pedagógicos'
const STORE_DESCRIPTION =
  'Materiais pedagógicos digitais para professoras e famílias: PDFs e modelos Canva. Pague com PIX e baixe na hora.'

function escapeHtml(text: string): string {
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
  image?: string
  type?: 'website' | 'product'
}

/** The <head> tags that make a shared link show a preview (Open Graph) and a canonical URL. */
export function renderHead({
  title,
  description,
  url,
  image,
  type = 'website',
}: HeadInput): string {
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:site_name" content="${escapeHtml(STORE_NAME)}">`,
    `<meta property="og:locale" content="pt_BR">`,
    `<meta property="og:type" content="${type}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
  ]
  if (image) {
    tags.push(
      `<meta property="og:image" content="${escapeHtml(image)}">`,
      `<meta name="twitter:card" content="summary_large_image">`,
    )
  }
  return tags.join('')
}

export function storeHead(baseUrl: string, path: string): string {
  return renderHead({
    title: `${STORE_NAME} — pague com PIX e baixe na hora`,
    description: STORE_DESCRIPTION,
    url: `${baseUrl}${path}`,
  })
}

export function productHead(baseUrl: string, product: Product): string {
  const price = product.isFree ? 'Grátis' : formatDecimalBRL(product.price)
  const summary = product.description.replace(/\s+/g, ' ').trim()
  return renderHead({
    title: `${product.name} — ${price} | ${STORE_NAME}`,
    description: summary.length > 200 ? `${summary.slice(0, 197)}...` : summary,
    url: `${baseUrl}/produto/${product.id}`,
    image: `${baseUrl}${product.imageUrl}&size=card`,
    type: 'product',
  })
}
