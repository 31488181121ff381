import { build } from 'esbuild'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { projectRoot } from '../paths.js'
import { createFreshDatabase } from './test-app.js'

/**
 * What a test that kills the store mid-work starts (with bench/server-process.ts): a build of
 * its own (main.js, and the stamping worker beside it, as dist/server has them), two levels
 * below the project like dist/server, so a build running at the same time (another test,
 * `npm run build`) cannot change it under the test; its own data folder; and, with
 * DATABASE_URL, its own PostgreSQL database, which survives the process as PGlite's folder does.
 */
export async function prepareCrashServer(name: string) {
  const buildDir = path.join(projectRoot, 'dist', `${name}-${process.pid}`)
  await build({
    entryPoints: [
      { in: path.join(projectRoot, 'src/server/main.ts'), out: 'main' },
      // A first start over an empty PGlite folder runs in this child (src/server/startup.ts).
      { in: path.join(projectRoot, 'src/server/first-start.ts'), out: 'first-start' },
      {
        in: path.join(projectRoot, 'src/server/modules/stamping/stamp-worker.ts'),
        out: 'stamp-worker',
      },
      {
        in: path.join(projectRoot, 'src/server/modules/products/pdf-pages-worker.ts'),
        out: 'pdf-pages-worker',
      },
    ],
    outdir: buildDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  })
  const dataDir = await mkdtemp(path.join(tmpdir(), `loja-${name}-`))
  const database = process.env.DATABASE_URL
    ? await createFreshDatabase(process.env.DATABASE_URL)
    : undefined
  return {
    entry: path.join(buildDir, 'main.js'),
    dataDir,
    env: {
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'error',
      DATABASE_URL: database?.url ?? '',
    } as Record<string, string>,
    async remove() {
      await rm(buildDir, { recursive: true, force: true })
      await rm(dataDir, { recursive: true, force: true })
      await database?.drop()
    },
  }
}

export type CrashServer = Awaited<ReturnType<typeof prepareCrashServer>>
