import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import type { Product } from '../../../contracts/products'
import { imageVariant } from '../../lib/image-url'
import { Button, buttonClasses } from '../../ui/button'
import { LoadError, Loading } from '../../ui/query-state'
import { SmartImage } from '../../ui/smart-image'
import { toast } from '../../ui/toast-store'
import { useCurrentUser } from '../auth/auth.api'
import { useAddToCart } from '../cart/add-to-cart'
import { ProductPrice } from '../catalog/product-price'
import { productsQuery } from '../catalog/product.api'
import { FavoriteButton } from './favorite-button'
import { favoritesListQuery } from './favorites.api'
import { ShareList, ShareListNeedsAccount } from './share-list'
import { useFavorites } from './use-favorites'

type Item = Pick<Product, 'id' | 'name' | 'price' | 'isFree' | 'imageUrl'>

export const NO_FAVORITES = 'Você ainda não tem favoritos.'

/**
 * The hearted products with their price and 'Adicionar ao carrinho': the account's from the
 * server; a guest's from this browser's ids and the catalogue's products on sale.
 */
export function FavoritesList() {
  const { ready } = useFavorites()
  const { user } = useCurrentUser()
  if (!ready) return <Loading label="Carregando favoritos..." />
  return user ? <AccountFavorites /> : <GuestFavorites />
}

function AccountFavorites() {
  const { data, error, isPending, refetch } = useQuery(favoritesListQuery())
  const { ids } = useFavorites()
  if (isPending) return <Loading label="Carregando favoritos..." />
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />
  // A heart taken off here leaves the list at once, before the list is fetched again.
  const items = data.filter((item) => ids.includes(item.id))
  return (
    <>
      <Items items={items} />
      {items.length > 0 ? <ShareList /> : null}
    </>
  )
}

function GuestFavorites() {
  const { ids } = useFavorites()
  const { data, error, isPending, refetch } = useQuery({
    ...productsQuery(),
    enabled: ids.length > 0,
  })
  if (ids.length === 0) return <Items items={[]} />
  if (isPending) return <Loading label="Carregando favoritos..." />
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />
  const byId = new Map(data.map((product) => [product.id, product]))
  const items = ids.flatMap((id) => byId.get(id) ?? [])
  return (
    <>
      <Items items={items} />
      {items.length > 0 ? <ShareListNeedsAccount /> : null}
    </>
  )
}

function Items({ items }: { items: Item[] }) {
  if (items.length === 0) {
    return <NoFavorites />
  }
  return <FavoriteRows items={items} />
}

function NoFavorites() {
  return (
    <div className="rounded-3xl border-2 border-dashed border-purple-200 bg-white px-6 py-12 text-center">
      <p aria-hidden="true" className="text-5xl">
        ♡
      </p>
      <p className="mt-4 text-lg font-bold text-purple-900">{NO_FAVORITES}</p>
      <p className="mt-1 text-gray-600">Toque no coração de um material para guardá-lo aqui.</p>
      <Link href="/#produtos" className={buttonClasses('primary', 'md', 'mt-6')}>
        Ver materiais da loja
      </Link>
    </div>
  )
}

/** The rows with price, heart and 'Adicionar ao carrinho' (also a shared list's). */
export function FavoriteRows({ items }: { items: Item[] }) {
  return (
    <ul className="divide-y divide-purple-100 rounded-2xl bg-white shadow-sm ring-1 ring-purple-100">
      {items.map((item) => (
        <FavoriteRow key={item.id} item={item} />
      ))}
    </ul>
  )
}

function FavoriteRow({ item }: { item: Item }) {
  const addToCart = useAddToCart()
  const add = () =>
    addToCart.mutate(
      { productId: item.id },
      {
        onSuccess: () =>
          toast({
            title: 'Produto adicionado!',
            description: `${item.name} foi adicionado ao seu carrinho`,
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
    <li data-testid="favorite-row" data-product-id={item.id} className="space-y-3 p-3">
      <div className="flex gap-3">
        <Link href={`/produto/${item.id}`} className="shrink-0">
          <SmartImage
            src={imageVariant(item.imageUrl, 'thumb')}
            alt=""
            loading="lazy"
            width={80}
            height={80}
            className="size-20 rounded-xl bg-purple-50 object-cover"
          />
        </Link>
        <div className="min-w-0 flex-1">
          <Link
            href={`/produto/${item.id}`}
            className="line-clamp-2 font-semibold text-gray-900 hover:underline"
          >
            {item.name}
          </Link>
          <ProductPrice product={item} className="mt-1 block text-lg" />
        </div>
        <FavoriteButton productId={item.id} className="shrink-0" />
      </div>
      {/* Under the row, the width of a phone: the words fit on one line. */}
      <Button className="w-full sm:w-auto" disabled={addToCart.isPending} onClick={add}>
        {addToCart.isPending ? 'Adicionando...' : 'Adicionar ao carrinho'}
      </Button>
    </li>
  )
}
