import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.js'
import { createTestStore, type TestStore } from '../testing/test-app.js'
import { readStoredKey } from './backup-key.js'
import { drillLines, restoreDrill } from './restore-drill.js'
import { restoreBackup } from './restore.js'

// The demo store (its seeded catalogue, images and PDFs), on PGlite as the owner starts.
let store: TestStore
let archive: string
let key: string

beforeAll(async () => {
  store = await createTestStore({ seed: true, pglite: true })
  const entry = await store.app.services.backups.runNow()
  expect(entry.verified).toBe(true)
  archive = path.join(store.app.deps.config.backups.dir, entry.name)
  key = readStoredKey(store.dataDir)!
}, 120_000)

afterAll(async () => {
  await store?.close()
})

describe('npm run backup:verify', () => {
  it('restores a backup of the demo store into a throwaway database: every table equal', async () => {
    const { rows } = await restoreDrill(archive, { key })
    expect(rows.length).toBeGreaterThan(20)
    expect(rows.find((r) => r.table === 'public.products')?.inArchive).toBeGreaterThan(0)
    expect(rows.filter((r) => !r.same)).toEqual([])
    const lines = drillLines(rows)
    expect(lines).toHaveLength(rows.length)
    expect(lines.every((line) => line.endsWith('  igual'))).toBe(true)
    expect(lines.find((line) => line.startsWith('public.products'))).toMatch(
      /^public\.products\s+\d+\s+\d+\s+igual$/,
    )
  }, 120_000)

  it('refuses an archive signed with another key, comparing nothing', async () => {
    await expect(restoreDrill(archive, { key: 'ab'.repeat(32) })).rejects.toThrow(/outra chave/)
  })

  it('npm run restore takes a scheduled copy as it takes any backup', async () => {
    const target = await mkdtemp(path.join(tmpdir(), 'loja-restore-scheduled-'))
    try {
      const summary = await restoreBackup(
        archive,
        loadConfig({ DATA_DIR: target, LOG_LEVEL: 'silent' }),
        () => {},
        { key },
      )
      expect(summary.files).toBeGreaterThan(0)
      expect(summary.database).toBe('pglite')
    } finally {
      await rm(target, { recursive: true, force: true })
    }
  }, 120_000)
})
