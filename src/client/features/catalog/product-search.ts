import type { Product } from '../../../contracts/products'
import { categoryOf } from '../../../contracts/categories'

/** Lowercase without accents, so 'matematica' finds 'Matemática'. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

/** Case-insensitive substring over name, description and category (slug and label). */
export function searchProducts(products: Product[], term: string): Product[] {
  const needle = fold(term.trim())
  if (!needle) return products
  return products.filter((p) => {
    const category = categoryOf(p.category)
    return [p.name, p.description, category.slug, category.label].some((field) =>
      fold(field ?? '').includes(needle),
    )
  })
}
