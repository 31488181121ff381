import { Link } from 'wouter'
import { useHydrated } from '../../lib/use-hydrated'
import { buttonClasses } from '../../ui/button'
import { useCurrentUser } from '../auth/auth.api'

/**
 * The home page of a store with nothing on sale: a visitor reads a friendly 'Em breve' (the
 * page the server draws and caches for everyone); the owner, once the page knows her, what to
 * do next.
 */
export function EmptyStore() {
  const hydrated = useHydrated()
  const { user } = useCurrentUser()
  if (hydrated && user?.role === 'superadmin') {
    return (
      <div
        data-testid="empty-store-owner"
        className="rounded-3xl border-2 border-dashed border-purple-300 bg-white px-5 py-8"
      >
        <p className="text-lg font-bold text-purple-900">
          Sua loja ainda não tem materiais à venda
        </p>
        <p className="mt-1 text-gray-600">
          Só você vê este aviso; quem visita a loja vê ‘Em breve’.
        </p>
        <ol className="mt-4 list-decimal space-y-1 pl-5 text-gray-800">
          <li>Cadastre seu primeiro material, com o arquivo e a capa.</li>
          <li>Confira o que falta em ‘Antes de vender’ no painel.</li>
        </ol>
        <div className="mt-5 flex flex-col gap-2 sm:flex-row">
          <Link href="/admin/create-product" className={buttonClasses('primary')}>
            Cadastrar o primeiro material
          </Link>
          <Link href="/admin" className={buttonClasses('secondary')}>
            Abrir ‘Antes de vender’
          </Link>
        </div>
      </div>
    )
  }
  return (
    <div
      data-testid="empty-store"
      className="rounded-3xl border-2 border-dashed border-purple-200 bg-white px-6 py-12 text-center"
    >
      <p aria-hidden="true" className="text-5xl">
        🌱
      </p>
      <p className="mt-4 text-2xl font-extrabold text-purple-900">Em breve</p>
      <p className="mt-1 text-gray-600">Os materiais desta loja estão chegando. Volte logo!</p>
    </div>
  )
}
