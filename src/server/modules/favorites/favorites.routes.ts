import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  FavoriteIds,
  FavoriteList,
  FavoriteParams,
  FavoriteShare,
  FavoritesMergeBody,
  SharedFavorites,
  SharedListParams,
  sharedListPath,
} from '../../../contracts/favorites.js'
import type { App } from '../../app-types.js'
import { baseUrlOf } from '../../http/base-url.js'
import { notLoggedIn } from './favorites.service.js'

/** 'Favoritos' of the logged-in account; 401 for anyone else (a guest's stay in her browser). */
export function favoritesRoutes(app: App) {
  const { sessions, favorites } = app.services
  const { config } = app.deps

  /** The caller's id; her list must never sit in a shared cache (a school's proxy). */
  async function ownerOf(req: FastifyRequest, reply: FastifyReply): Promise<string> {
    reply.header('cache-control', 'private, no-store')
    const { userId } = await sessions.viewerOf(req)
    if (!userId) throw notLoggedIn()
    return userId
  }

  app.get('/api/favorites', { schema: { response: { 200: FavoriteList } } }, async (req, reply) =>
    favorites.list(await ownerOf(req, reply)),
  )
  app.get(
    '/api/favorites/ids',
    { schema: { response: { 200: FavoriteIds } } },
    async (req, reply) => favorites.ids(await ownerOf(req, reply)),
  )
  app.put(
    '/api/favorites/:productId',
    { schema: { params: FavoriteParams, response: { 200: FavoriteIds } } },
    async (req, reply) => favorites.add(await ownerOf(req, reply), req.params.productId),
  )
  app.delete(
    '/api/favorites/:productId',
    { schema: { params: FavoriteParams, response: { 200: FavoriteIds } } },
    async (req, reply) => favorites.remove(await ownerOf(req, reply), req.params.productId),
  )
  app.post(
    '/api/favorites/merge',
    { schema: { body: FavoritesMergeBody, response: { 200: FavoriteIds } } },
    async (req, reply) => favorites.merge(await ownerOf(req, reply), req.body.productIds),
  )

  // 'Compartilhar lista': her link (the same at every ask until she stops sharing).
  const linkOf = (req: FastifyRequest, token: string | null) => ({
    url: token ? `${baseUrlOf(config, req)}${sharedListPath(token)}` : null,
  })
  app.get(
    '/api/favorites/share',
    { schema: { response: { 200: FavoriteShare } } },
    async (req, reply) => linkOf(req, await favorites.sharedToken(await ownerOf(req, reply))),
  )
  app.post(
    '/api/favorites/share',
    { schema: { response: { 200: FavoriteShare } } },
    async (req, reply) => linkOf(req, await favorites.share(await ownerOf(req, reply))),
  )
  app.delete(
    '/api/favorites/share',
    { schema: { response: { 200: FavoriteShare } } },
    async (req, reply) => {
      await favorites.unshare(await ownerOf(req, reply))
      return linkOf(req, null)
    },
  )

  // The public list behind a link: anyone with it, nobody's name. Not kept by caches (a
  // revoked link stops at once) nor by search engines.
  app.get(
    '/api/favorites/shared/:token',
    { schema: { params: SharedListParams, response: { 200: SharedFavorites } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex')
      return favorites.shared(req.params.token)
    },
  )
}
