import { fileURLToPath } from 'node:url'

/**
 * The project folder. This file sits two levels below it both as source (src/server/paths.ts)
 * and when bundled (dist/server/main.js), so the same expression works in both.
 */
export const projectRoot = fileURLToPath(new URL('../..', import.meta.url))

export const migrationsDir = fileURLToPath(
  new URL('../../src/server/db/migrations', import.meta.url),
)
