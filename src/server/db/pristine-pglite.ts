import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import {
  cpSync,
  mkdirSync,
  existsSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { buildCacheDir, buildCacheFolder, migrationsDir, projectRoot } from '../paths.js'

/**
 * A pristine PGlite data folder (initdb run, every migration applied, no rows), made once per
 * set of migrations and PGlite version, at build time (scripts/build.mjs), under
 * node_modules/.cache. A first start copies it (a few hundred milliseconds of native file copy)
 * instead of running initdb (3 s) and the migrations (0.7 s): decision 029.
 * A plain folder rather than PGlite's `loadDataDir` tarball: unpacking 43 MB through PGlite's
 * emulated file system took 4 s, as long as the initdb it replaces.
 */
const CACHE = buildCacheDir
const READY = 'PRISTINE_READY'

/** The folder for today's migrations and PGlite: another set of either is another folder. */
export function pristineDir(): string {
  return buildCacheFolder('pglite', {
    libraries: ['@electric-sql/pglite'],
    sources: [path.relative(projectRoot, migrationsDir)],
  })
}

/** Whether a first start would find a pristine folder for today's migrations to copy. */
export function pristineReady(): boolean {
  return existsSync(path.join(pristineDir(), READY))
}

/**
 * Copies the pristine folder into `location` (an empty PGlite folder); false when there is
 * none for today's migrations (the caller runs initdb as before). The migrations still run
 * after it, as on every start, and find nothing to do.
 */
export function copyPristine(location: string): boolean {
  const source = pristineDir()
  if (!existsSync(path.join(source, READY))) return false
  // Copied beside it and renamed over the empty folder: a start stopped mid-copy leaves no
  // PG_VERSION over half a database, which the next start would open as a made one.
  const copying = `${location}.copying`
  rmSync(copying, { recursive: true, force: true })
  cpSync(source, copying, { recursive: true, filter: (file) => path.basename(file) !== READY })
  try {
    renameSync(copying, location)
  } catch {
    // A folder a rename cannot replace (Windows; leftovers of an interrupted initdb): copied
    // into as before, without the guarantee above.
    cpSync(copying, location, { recursive: true })
    rmSync(copying, { recursive: true, force: true })
  }
  return true
}

/**
 * Makes the pristine folder when missing (in a process that exits afterwards: initdb's second
 * Postgres instance must not stay in a server's memory), and removes older ones.
 */
export async function ensurePristine(): Promise<string> {
  const target = pristineDir()
  if (existsSync(path.join(target, READY))) return target
  const building = `${target}.${process.pid}`
  mkdirSync(CACHE, { recursive: true })
  rmSync(building, { recursive: true, force: true })
  const db = await PGlite.create(building)
  await migrate(drizzle(db), { migrationsFolder: migrationsDir })
  await db.close()
  writeFileSync(path.join(building, READY), '')
  try {
    renameSync(building, target)
  } catch {
    // Another build made it meanwhile: theirs is as good.
    rmSync(building, { recursive: true, force: true })
  }
  for (const name of readdirSync(CACHE)) {
    const full = path.join(CACHE, name)
    if (name.startsWith('pglite-') && full !== target && !name.includes('.')) {
      rmSync(full, { recursive: true, force: true })
    }
  }
  return target
}
