import type { Product, ProductList, RelatedBody } from '../products'
import { route } from '../api-route'

// The store's products beyond the home page: the list, one product, suggestions, images.
export const products = route<typeof ProductList>()('GET', '/api/products')
export const product = route<typeof Product>()('GET', '/api/products/:id')
export const related = route<typeof ProductList, typeof RelatedBody>()(
  'POST',
  '/api/products/related',
)
/** Image bytes, for `<img src>`; query: size, v. */
export const image = route<Blob>()('GET', '/api/products/:id/image')
export const imageFast = route<Blob>()('GET', '/api/products/:id/image-fast')
