import { useQuery, useQueryClient } from '@tanstack/react-query'
import { PageLoading } from '../ui/query-state'
import {
  isNotFound,
  parseProductId,
  productQuery,
  productsQuery,
} from '../features/catalog/product.api'
import { ProductDetail } from '../features/product-detail/product-detail'
import { ProductError, ProductNotFound } from '../features/product-detail/product-states'

export default function ProductPage({ id }: { id: string | undefined }) {
  const productId = parseProductId(id)
  if (productId === null) return <ProductNotFound />
  return <LoadedProduct key={productId} id={productId} />
}

function LoadedProduct({ id }: { id: number }) {
  const queryClient = useQueryClient()
  const { data, error, isPending } = useQuery({
    ...productQuery(id),
    // Coming from the grid, show the card's data at once while the full product loads.
    placeholderData: () =>
      queryClient.getQueryData(productsQuery().queryKey)?.find((p) => p.id === id),
  })
  if (data) return <ProductDetail product={data} />
  if (isPending) return <PageLoading label="Carregando produto..." spinnerClassName="size-6" />
  if (isNotFound(error)) return <ProductNotFound />
  return <ProductError message={error?.message} />
}
