import type { AdminPreview } from '../previews'
import { route } from '../api-route'

// 'Veja por dentro': the pages' images (public, cached for a year) and the admin's view of them.
/** One page's marked WebP, named by a hash of its bytes: a new file is a new address. */
export const previewImage = route<Blob>()('GET', '/api/previews/:productId/:name')
/** What the product form shows under 'Prévia das páginas' (polled while it is pending). */
export const adminPreview = route<typeof AdminPreview>()('GET', '/api/admin/products/:id/previews')
/** 'Tentar de novo': a failed preview is drawn again. */
export const retryPreview = route<typeof AdminPreview>()(
  'POST',
  '/api/admin/products/:id/previews/retry',
)
