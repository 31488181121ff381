import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertProduct, samplePng } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { filesUnder, samplePdf, storedFile } from '../../testing/uploads.js'
import { storeImageVariants } from '../../files/images.js'

let store: TestStore
beforeAll(async () => {
  store = await createTestStore()
})
afterAll(() => store.close())

const exists = async (key: string) => (await store.storage.size(key)) !== null

describe('the upload journal', () => {
  it('at start, removes what an interrupted write stored and keeps what a product uses', async () => {
    const kept = await insertProduct(store)
    const keptKey = (await storedFile(store, kept.id))!.row.storageKey
    await store.storage.put('files/ab/orfao.pdf', samplePdf(100))
    const orphanImage = await storeImageVariants(store.storage, await samplePng(50, 50, '#010203'))
    const { tmpDir } = store.app.deps.config
    // As a crash leaves them: a journal, and a half-received upload's folder.
    await writeFile(
      path.join(tmpDir, 'interrompido.journal.json'),
      JSON.stringify({ files: ['files/ab/orfao.pdf', keptKey], images: [orphanImage.hash] }),
    )
    await mkdir(path.join(tmpDir, 'upload-1'), { recursive: true })
    await writeFile(path.join(tmpDir, 'upload-1', 'x.part'), 'meio arquivo')
    await writeFile(path.join(tmpDir, 'cortado.journal.json'), '{"files":["fil')

    expect(await store.app.services.uploadJournal.sweep()).toEqual({ journals: 2, leftovers: 1 })
    expect(await exists('files/ab/orfao.pdf')).toBe(false)
    for (const key of Object.values(orphanImage.variants)) expect(await exists(key)).toBe(false)
    expect(await exists(keptKey)).toBe(true)
    expect(await filesUnder(tmpDir)).toEqual([])
  })

  it('after a write that fails, removes what it stored and its journal', async () => {
    const journal = store.app.services.uploadJournal
    const key = 'files/cd/falhou.pdf'
    await expect(
      journal.run({ files: [key], images: [] }, async () => {
        await store.storage.put(key, samplePdf(100))
        throw new Error('banco fora do ar')
      }),
    ).rejects.toThrow('banco fora do ar')
    expect(await exists(key)).toBe(false)
    expect(await filesUnder(store.app.deps.config.tmpDir)).toEqual([])
  })
})
