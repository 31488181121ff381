import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  FavoriteIds,
  FavoriteList,
  FavoriteParams,
  FavoritesMergeBody,
} from '../../../contracts/favorites.js'
import type { App } from '../../app-types.js'
import { notLoggedIn } from './favorites.service.js'

/** 'Favoritos' of the logged-in account; 401 for anyone else (a guest's stay in her browser). */
export function favoritesRoutes(app: App) {
  const { sessions, favorites } = app.services

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
}
