import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { SHARED_LIST_GONE } from '../../contracts/favorites'
import { HttpError } from '../lib/api'
import { buttonClasses } from '../ui/button'
import { LoadError, Loading } from '../ui/query-state'
import { FavoriteRows } from '../features/favorites/favorites-list'
import { sharedListQuery } from '../features/favorites/favorites.api'

/** /lista/:code: a list someone shared, read-only: the materials, never whose list it is. */
export default function SharedListPage({ code }: { code: string }) {
  const { data, error, isPending, refetch } = useQuery(sharedListQuery(code))
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-6">
      <h1 className="text-3xl font-extrabold text-purple-900">Lista de favoritos</h1>
      {isPending ? (
        <Loading label="Carregando a lista..." />
      ) : error instanceof HttpError && (error.status === 404 || error.status === 400) ? (
        <Gone />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-gray-700 shadow-sm ring-1 ring-purple-100">
          Esta lista está vazia por enquanto.
        </p>
      ) : (
        <>
          <p className="text-gray-700">Materiais que alguém separou e compartilhou com você.</p>
          <FavoriteRows items={data.items} />
        </>
      )}
    </div>
  )
}

function Gone() {
  return (
    <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-purple-100">
      <p className="text-lg font-bold text-purple-900">{SHARED_LIST_GONE}</p>
      <p className="mt-1 text-gray-600">Quem compartilhou pode ter parado de compartilhar.</p>
      <Link href="/#produtos" className={buttonClasses('primary', 'md', 'mt-4')}>
        Ver materiais da loja
      </Link>
    </div>
  )
}
