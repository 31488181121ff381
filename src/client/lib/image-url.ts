import type { ImageVariant } from '../../contracts/products'

/** The product image URL (which already carries `?v=`) asking for one stored WebP variant. */
export function imageVariant(url: string, size: ImageVariant): string {
  return `${url}${url.includes('?') ? '&' : '?'}size=${size}`
}
