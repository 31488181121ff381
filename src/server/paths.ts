import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
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

/**
 * The folder of `buildCacheDir` for what `libraries` (their installed versions) and `sources`
 * (files or folders under the project, tests left out) make today: another version of either is
 * another folder, so a cache never outlives what it was made from.
 */
export function buildCacheFolder(
  prefix: string,
  made: { libraries: readonly string[]; sources: readonly string[] },
): string {
  const hash = createHash('sha256')
  for (const library of made.libraries) {
    const manifest = path.join(projectRoot, 'node_modules', library, 'package.json')
    hash.update(existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : '?')
  }
  for (const source of made.sources) {
    const full = path.join(projectRoot, source)
    if (!existsSync(full)) continue
    const files = full.endsWith('.ts') ? [full] : filesUnder(full)
    for (const file of files.filter((f) => !f.endsWith('.test.ts'))) {
      hash.update(path.relative(projectRoot, file)).update(readFileSync(file))
    }
  }
  return path.join(buildCacheDir, `${prefix}-${hash.digest('hex').slice(0, 16)}`)
}

/** Every file under `dir`, its sub-folders included, sorted. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
    )
    .sort()
}
