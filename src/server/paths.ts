import { fileURLToPath } from 'node:url'

/**
 * The project folder. This file sits two levels below it both as source (src/server/paths.ts)
 * and when bundled (dist/server/main.js), so the same expression works in both.
 */
export const projectRoot = fileURLToPath(new URL('../..', import.meta.url))

export const migrationsDir = fileURLToPath(
  new URL('../../src/server/db/migrations', import.meta.url),
)

/**
 * What the build makes once for a first start to copy (decision 029): the pristine database
 * folder and the demo's artwork, each under a name that hashes what it was made from.
 */
export const buildCacheDir = fileURLToPath(
  new URL('../../node_modules/.cache/loja', import.meta.url),
)
