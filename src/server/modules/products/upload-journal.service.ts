import { inArray } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { randomUUID } from 'node:crypto'
import { mkdir, open, readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Db } from '../../db/client.js'
import { productFiles, productImages } from './products.tables.js'
import { variantKeys } from '../../files/images.js'
import type { FileStorage } from '../../files/storage.js'

/** Stored objects whose fate a product write decides: file keys and image content hashes. */
export interface JournalEntry {
  files: string[]
  images: string[]
}

const SUFFIX = '.journal.json'

/**
 * Makes "nothing left behind" hold across crashes. Before a product write touches storage it
 * writes down every object it may add or orphan; afterwards (or at the next start, if the
 * process died) each listed object that no database row refers to is removed. The rule is the
 * same whether the write committed, failed or never finished: the database decides.
 */
export function createUploadJournal(deps: {
  db: Db
  storage: FileStorage
  tmpDir: string
  log: FastifyBaseLogger
}) {
  const { db, storage, tmpDir } = deps
  // Images are content-addressed: two uploads of one picture share its variants, so one
  // upload failing must not remove what another, still running, is about to commit.
  const busy = new Map<string, number>()
  const hold = (hashes: string[], by: number) =>
    hashes.forEach((h) => {
      const left = (busy.get(h) ?? 0) + by
      if (left > 0) busy.set(h, left)
      else busy.delete(h)
    })

  async function settle(entry: JournalEntry): Promise<void> {
    if (entry.files.length) {
      const rows = await db
        .select({ key: productFiles.storageKey })
        .from(productFiles)
        .where(inArray(productFiles.storageKey, entry.files))
      const used = new Set(rows.map((r) => r.key))
      for (const key of entry.files) if (!used.has(key)) await storage.remove(key)
    }
    if (entry.images.length) {
      const rows = await db
        .select({ hash: productImages.hash })
        .from(productImages)
        .where(inArray(productImages.hash, entry.images))
      const used = new Set(rows.map((r) => r.hash))
      for (const hash of entry.images) {
        if (used.has(hash) || busy.has(hash)) continue
        for (const key of variantKeys(hash)) await storage.remove(key)
      }
    }
  }

  return {
    /** Runs a product write under a journal entry, then keeps only what the database uses. */
    async run<T>(entry: JournalEntry, work: () => Promise<T>): Promise<T> {
      await mkdir(tmpDir, { recursive: true })
      const file = path.join(tmpDir, `${randomUUID()}${SUFFIX}`)
      const handle = await open(file, 'wx')
      await handle.writeFile(JSON.stringify(entry))
      await handle.sync()
      await handle.close()
      hold(entry.images, 1)
      try {
        return await work()
      } finally {
        hold(entry.images, -1)
        try {
          await settle(entry)
          await rm(file, { force: true })
        } catch (error) {
          // The journal stays; the next start settles it.
          deps.log.error({ err: error }, 'could not settle an upload journal')
        }
      }
    },

    /**
     * At start, before serving: settles the journals of writes a crash interrupted and empties
     * DATA_DIR/tmp of half-received uploads. Assumes one process per DATA_DIR, as local
     * storage does anyway.
     */
    async sweep(): Promise<{ journals: number; leftovers: number }> {
      await mkdir(tmpDir, { recursive: true })
      const names = await readdir(tmpDir)
      const journals = names.filter((n) => n.endsWith(SUFFIX))
      for (const name of journals) {
        const entry = parseEntry(await readFile(path.join(tmpDir, name), 'utf8'))
        await settle(entry)
      }
      await Promise.all(
        names.map((n) => rm(path.join(tmpDir, n), { recursive: true, force: true })),
      )
      return { journals: journals.length, leftovers: names.length - journals.length }
    },
  }
}

/** A journal cut short by a crash was written before its write began: nothing to settle. */
function parseEntry(text: string): JournalEntry {
  try {
    const entry = JSON.parse(text) as Partial<JournalEntry>
    return { files: entry.files ?? [], images: entry.images ?? [] }
  } catch {
    return { files: [], images: [] }
  }
}

export type UploadJournal = ReturnType<typeof createUploadJournal>
