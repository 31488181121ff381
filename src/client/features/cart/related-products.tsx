import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatDecimalBRL } from '../../../contracts/money'
import type { Product } from '../../../contracts/products'
import { imageVariant } from '../../lib/image-url'
import { Button } from '../../ui/button'
import { SmartImage } from '../../ui/smart-image'
import { Spinner } from '../../ui/spinner'
import { toast } from '../../ui/toast-store'
import { relatedQuery } from '../catalog/product.api'
import { CategoryBadge } from '../catalog/category-badge'
import { useAddToCart } from './add-to-cart'

/** 'Materiais Recomendados' of the cart sheet (SPEC.md section 2). */
export function RelatedProducts({ cartProductIds }: { cartProductIds: number[] }) {
  const { data = [] } = useQuery(relatedQuery(cartProductIds))
  const [added, setAdded] = useState<ReadonlySet<number>>(new Set())
  const shown = data.filter((p) => !added.has(p.id) && !cartProductIds.includes(p.id))
  if (shown.length === 0) return null

  return (
    <section
      aria-labelledby="recomendados-titulo"
      className="mt-4 rounded-2xl bg-gradient-to-br from-purple-50 to-pink-50 p-4"
    >
      <h3 id="recomendados-titulo" className="font-extrabold text-purple-900">
        <span aria-hidden="true">✨</span> Materiais Recomendados
      </h3>
      <p className="mt-0.5 text-sm text-gray-600">
        Complemente sua compra com estes recursos especiais!
      </p>
      <ul className="mt-3 space-y-3">
        {shown.map((product) => (
          <Suggestion
            key={product.id}
            product={product}
            onAdded={() => setAdded((ids) => new Set(ids).add(product.id))}
          />
        ))}
      </ul>
      <p className="mt-3 text-center text-xs text-gray-500">
        Sugestões baseadas nos seus produtos favoritos
      </p>
    </section>
  )
}

function Suggestion({ product, onAdded }: { product: Product; onAdded: () => void }) {
  const addToCart = useAddToCart()
  const add = () =>
    addToCart.mutate(
      { productId: product.id, quantity: 1 },
      {
        onSuccess: () => {
          onAdded()
          toast({
            title: 'Produto adicionado!',
            description: `${product.name} foi adicionado ao seu carrinho`,
            variant: 'success',
            duration: 2000,
          })
        },
        onError: () =>
          toast({
            title: 'Erro ao adicionar',
            description: 'Não foi possível adicionar o produto ao carrinho',
            variant: 'destructive',
          }),
      },
    )

  return (
    <li data-testid="related-product" className="flex gap-3 rounded-xl bg-white p-3 shadow-sm">
      <SmartImage
        src={imageVariant(product.imageUrl, 'thumb')}
        alt=""
        width={56}
        height={56}
        loading="lazy"
        fallback={<span className="text-3xl">📚</span>}
        className="size-14 shrink-0 rounded-lg bg-purple-50 object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-sm leading-snug font-semibold">{product.name}</p>
        <p className="mt-0.5 line-clamp-2 text-xs text-gray-600">{product.description}</p>
        <CategoryBadge slug={product.category} className="mt-1.5" />
        <div className="mt-2 flex items-center justify-between gap-2">
          <span className="font-bold text-purple-700">{formatDecimalBRL(product.price)}</span>
          <Button
            size="sm"
            variant="success"
            disabled={addToCart.isPending}
            aria-label={`Adicionar ${product.name} ao carrinho`}
            onClick={add}
          >
            {addToCart.isPending ? <Spinner className="size-4" /> : 'Adicionar'}
          </Button>
        </div>
      </div>
    </li>
  )
}
