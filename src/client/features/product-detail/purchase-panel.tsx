import { useState } from 'react'
import { useLocation } from 'wouter'
import type { Product } from '../../../contracts/products'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { toast } from '../../ui/toast-store'
import { useAddToCart } from '../cart/add-to-cart'
import { saveTempCheckoutItem } from '../cart/temp-checkout'
import { useFreeDownload } from '../downloads/free-download'
import { QuantitySelector } from './quantity-selector'

export function PurchasePanel({ product }: { product: Product }) {
  const [quantity, setQuantity] = useState(1)
  const [buying, setBuying] = useState(false)
  const [, navigate] = useLocation()
  const addToCart = useAddToCart()
  const freeDownload = useFreeDownload()

  if (product.isFree) {
    return (
      <Button
        variant="success"
        size="lg"
        className="w-full"
        disabled={freeDownload.isPending}
        onClick={() => freeDownload.mutate(product.id)}
      >
        {freeDownload.isPending ? (
          <Spinner label="Preparando download..." />
        ) : (
          <>⬇️ BAIXAR GRÁTIS</>
        )}
      </Button>
    )
  }

  const buyNow = async () => {
    setBuying(true)
    // Checkout reads this item when the cart call is slow or fails (SPEC.md section 4).
    saveTempCheckoutItem(product, quantity)
    try {
      await addToCart.mutateAsync({ productId: product.id, quantity })
    } catch {
      // The saved item is enough for /checkout?instant=true.
    }
    navigate('/checkout?instant=true')
  }

  const add = () =>
    addToCart.mutate(
      { productId: product.id, quantity },
      {
        onSuccess: () =>
          toast({
            title: 'Produto adicionado!',
            description: `${product.name} foi adicionado ao seu carrinho`,
            variant: 'success',
            duration: 2000,
          }),
        onError: () =>
          toast({
            title: 'Erro ao adicionar',
            description: 'Não foi possível adicionar o produto ao carrinho',
            variant: 'destructive',
          }),
      },
    )

  return (
    <div className="space-y-3">
      <QuantitySelector value={quantity} onChange={setQuantity} />
      <Button size="lg" className="w-full" disabled={buying} onClick={() => void buyNow()}>
        {buying ? 'Processando...' : 'Comprar Agora'}
      </Button>
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={buying || addToCart.isPending}
        onClick={add}
      >
        <span aria-hidden="true">🛒</span> Adicionar ao Carrinho
      </Button>
    </div>
  )
}
