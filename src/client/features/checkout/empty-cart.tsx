import { Link } from 'wouter'
import { EMPTY_CART_MESSAGE } from '../../../contracts/checkout'
import { buttonClasses } from '../../ui/button'

export const EMPTY_CART_HINT = 'Adicione produtos ao carrinho antes de finalizar o pedido.'

export function EmptyCart() {
  return (
    <div className="mx-auto max-w-md rounded-3xl border-2 border-dashed border-purple-200 bg-white px-6 py-12 text-center">
      <p aria-hidden="true" className="text-5xl">
        🛒
      </p>
      <h2 className="mt-4 text-xl font-bold text-purple-900">{EMPTY_CART_MESSAGE}</h2>
      <p className="mt-1 text-gray-600">{EMPTY_CART_HINT}</p>
      <Link href="/#produtos" className={buttonClasses('primary', 'md', 'mt-6')}>
        Ver materiais
      </Link>
    </div>
  )
}
