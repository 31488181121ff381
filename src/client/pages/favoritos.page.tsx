import { FavoritesList } from '../features/favorites/favorites-list'

/** /favoritos: the hearted materials, a guest's (this browser) or the account's. */
export default function FavoritesPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-6">
      <h1 className="text-3xl font-extrabold text-purple-900">Favoritos</h1>
      <FavoritesList />
    </div>
  )
}
