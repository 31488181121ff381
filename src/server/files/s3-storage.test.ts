import { createHash, randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../contracts/products.js'
import { startBackup } from '../backup/archive.js'
import { storeBackupKey } from '../backup/backup-key.js'
import { restoreBackup } from '../backup/restore.js'
import { loadConfig } from '../config.js'
import { adminSession } from '../testing/auth.js'
import { buyAsGuest, fetchLink, grantedDownload } from '../testing/downloads.js'
import { samplePng } from '../testing/fixtures.js'
import { startLocalS3, type LocalS3 } from '../testing/local-s3.js'
import { createTestStore, type TestStore } from '../testing/test-app.js'
import { formData, productFields, samplePdf, sendForm, sha256 } from '../testing/uploads.js'
import { bucketKeys, localKeys, migrateStorage } from './migrate-storage.js'
import { PART_SIZE, S3Storage, type S3Settings } from './s3-storage.js'
import { LocalDiskStorage } from './storage.js'

/** The store on a local S3-compatible server (s3rver) the test starts, with its own bucket. */
let s3: LocalS3
let store: TestStore
let bucket: S3Storage
let admin: string
let settings: S3Settings
let env: Record<string, string>

beforeAll(async () => {
  s3 = await startLocalS3(['loja', 'migra'])
  settings = {
    bucket: 'loja',
    region: 'us-east-1',
    endpoint: s3.endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    // On this machine: the operator's ALLOW_PRIVATE_INTEGRATIONS.
    allowPrivate: true,
  }
  env = { ...s3.env, MAX_UPLOAD_BYTES: String(64 * 1024) }
  store = await createTestStore({ env })
  bucket = store.storage as S3Storage
  admin = (await adminSession(store.app)).cookie
})
afterAll(async () => {
  await store?.close()
  await s3?.close()
})

const keysIn = async (storage: S3Storage) => {
  const keys: string[] = []
  for await (const key of bucketKeys(storage)) keys.push(key)
  return keys.sort()
}

async function upload(name: string, pdf: Buffer, colour = '#336699') {
  const form = formData(productFields({ name }), [
    { field: 'imageFile', name: 'capa.png', bytes: await samplePng(300, 200, colour) },
    { field: 'downloadFile', name: 'material.pdf', bytes: pdf },
  ])
  return sendForm(store, '/api/products', form, admin)
}

describe('files in an S3-compatible bucket', () => {
  it('is the storage, and /readyz asks the bucket', async () => {
    expect(store.storage).toBeInstanceOf(S3Storage)
    const ready = await store.app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode, ready.body).toBe(200)
    expect(ready.json()).toMatchObject({ checks: { database: 'ok', storage: 'ok' } })
  })

  let productId: number
  const pdf = samplePdf(40_000)

  it('keeps an upload and its image variants there, and downloads it whole and by ranges', async () => {
    const res = await upload('Material no Bucket', pdf)
    expect(res.statusCode, res.body).toBe(201)
    productId = res.json<{ id: number }>().id
    const keys = await keysIn(bucket)
    expect(keys.filter((k) => k.startsWith('files/'))).toHaveLength(1)
    expect(keys.filter((k) => k.endsWith('.webp')).length).toBeGreaterThanOrEqual(3)

    // The cover, served out of the bucket.
    const product = (
      await store.app.inject({ method: 'GET', url: `/api/products/${productId}` })
    ).json<Product>()
    const image = await store.app.inject({ method: 'GET', url: product.imageUrl })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/webp')
    expect(image.rawPayload.subarray(8, 12).toString()).toBe('WEBP')

    const buyer = await buyAsGuest(store, productId)
    const { downloadUrl } = await grantedDownload(store, buyer, productId)
    const whole = await fetchLink(store, downloadUrl)
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-length']).toBe(String(pdf.length))
    expect(sha256(whole.rawPayload)).toBe(sha256(pdf))

    // A resume: the rest from byte 10 000, if the file is still the same one.
    const rest = await fetchLink(store, downloadUrl, {
      range: 'bytes=10000-',
      'if-range': whole.headers.etag as string,
    })
    expect(rest.statusCode).toBe(206)
    expect(rest.headers['content-range']).toBe(`bytes 10000-${pdf.length - 1}/${pdf.length}`)
    expect(rest.headers['content-length']).toBe(String(pdf.length - 10_000))
    expect(rest.rawPayload.equals(pdf.subarray(10_000))).toBe(true)
    const tail = await fetchLink(store, downloadUrl, { range: 'bytes=-100' })
    expect(tail.rawPayload.equals(pdf.subarray(-100))).toBe(true)
    const past = await fetchLink(store, downloadUrl, { range: `bytes=${pdf.length}-` })
    expect(past.statusCode).toBe(416)
  })

  it('leaves no object behind when an upload fails', async () => {
    const before = await keysIn(bucket)
    // Too big for MAX_UPLOAD_BYTES: refused while it streams.
    const tooBig = await upload('Grande Demais', samplePdf(100 * 1024), '#aa3300')
    expect(tooBig.statusCode).toBe(413)
    expect(await keysIn(bucket)).toEqual(before)

    // A multipart upload whose source breaks after its first part: aborted, nothing stored.
    const part = Buffer.alloc(PART_SIZE, 7)
    const broken = Readable.from(
      (async function* () {
        yield part
        yield part.subarray(0, 1024)
        throw new Error('conexão caiu')
      })(),
    )
    await expect(bucket.put('files/zz/quebrado.pdf', broken)).rejects.toThrow('conexão caiu')
    const limited = bucket.put('files/zz/limite.pdf', Buffer.alloc(2048), { maxBytes: 1024 })
    await expect(limited).rejects.toMatchObject({ code: 'payload_too_large' })
    expect(await keysIn(bucket)).toEqual(before)
  })

  it('deletes a product nobody bought with its objects', async () => {
    const before = await keysIn(bucket)
    const res = await upload('Vai Sumir', samplePdf(3000), '#00aa66')
    expect(res.statusCode, res.body).toBe(201)
    const id = res.json<{ id: number }>().id
    expect((await keysIn(bucket)).length).toBeGreaterThan(before.length)
    const gone = await store.app.inject({
      method: 'DELETE',
      url: `/api/products/${id}`,
      headers: { cookie: admin },
    })
    expect(gone.json()).toMatchObject({ removed: 'deleted' })
    expect(await keysIn(bucket)).toEqual(before)
  })

  it('reads an object intact to readers slower than the bucket (sockets reuse one buffer)', async () => {
    const bytes = randomBytes(3 * 1024 * 1024)
    await bucket.put('files/zz/lento.bin', bytes)
    const readBack = async (pauseEvery: number) => {
      const hash = createHash('sha256')
      let chunks = 0
      for await (const chunk of bucket.read('files/zz/lento.bin')) {
        hash.update(chunk as Buffer)
        // Let the socket read on while this reader holds chunks it has not hashed yet.
        if (++chunks % pauseEvery === 0) await new Promise((resolve) => setTimeout(resolve, 5))
      }
      return hash.digest('hex')
    }
    const expected = createHash('sha256').update(bytes).digest('hex')
    expect(await Promise.all([readBack(2), readBack(7)])).toEqual([expected, expected])
    await bucket.remove('files/zz/lento.bin')
  })

  it('storage:migrate copies disk → bucket and back, verified, and resumes', async () => {
    const diskDir = await mkdtemp(path.join(tmpdir(), 'migra-'))
    try {
      const disk = new LocalDiskStorage(diskDir)
      const files = {
        'files/aa/um.pdf': samplePdf(5000),
        'files/bb/dois.zip': Buffer.alloc(PART_SIZE + 4096, 3),
        'images/cc/cc12-thumb.webp': Buffer.from('webp bytes'),
      }
      for (const [key, bytes] of Object.entries(files)) await disk.put(key, bytes)
      const target = new S3Storage({ ...settings, bucket: 'migra' })
      // An interrupted run: one object made it, another arrived truncated.
      await target.put('files/aa/um.pdf', files['files/aa/um.pdf'])
      await target.put('files/bb/dois.zip', Buffer.alloc(100))

      const up = await migrateStorage({ from: disk, to: target, keys: await localKeys(diskDir) })
      expect(up).toEqual({
        copied: ['files/bb/dois.zip', 'images/cc/cc12-thumb.webp'],
        skipped: ['files/aa/um.pdf'],
        failed: [],
      })
      const again = await migrateStorage({ from: disk, to: target, keys: bucketKeys(target) })
      expect(again.skipped).toHaveLength(3)

      const backDir = await mkdtemp(path.join(tmpdir(), 'migra-back-'))
      const back = new LocalDiskStorage(backDir)
      const down = await migrateStorage({ from: target, to: back, keys: bucketKeys(target) })
      expect(down.copied.sort()).toEqual(Object.keys(files).sort())
      for (const [key, bytes] of Object.entries(files)) {
        expect(await back.size(key)).toBe(bytes.length)
      }
      expect(await localKeys(backDir)).toEqual(Object.keys(files).sort())
      await rm(backDir, { recursive: true, force: true })
      target.close()
    } finally {
      await rm(diskDir, { recursive: true, force: true })
    }
  })

  it('backs up the database with a manifest of the objects, which restore finds in the bucket', async () => {
    const { stream, info } = await startBackup({
      database: store.database,
      storage: bucket,
      config: store.app.deps.config,
    })
    const archive = path.join(store.dataDir, 'backup.tar.gz')
    await writeFile(archive, Buffer.concat(await stream.toArray()))
    expect(info).toMatchObject({ filesIncluded: false, storage: { kind: 's3', bucket: 'loja' } })
    const keys: string[] = []
    for await (const key of bucketKeys(bucket)) keys.push(key)
    const target = await mkdtemp(path.join(tmpdir(), 'loja-restore-s3-'))
    // The store's signing key, as its owner hands it to a restore (decision 022).
    const BACKUP_KEY = await storeBackupKey(store.app.deps.config)
    const restoreEnv = { S3_BUCKET: 'loja', LOG_LEVEL: 'silent', SEED_DEMO: '0', BACKUP_KEY }
    try {
      // Every object listed is read back from the bucket and hashed before the database loads.
      const summary = await restoreBackup(
        archive,
        loadConfig({ ...env, ...restoreEnv, DATA_DIR: target }),
      )
      expect(summary.files).toBe(keys.length)
      expect(readdirSync(target)).toEqual(['db'])
      // Without the bucket, the archive is refused: it holds no files.
      const bare = path.join(target, 'bare')
      await expect(
        restoreBackup(archive, loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: bare, BACKUP_KEY })),
      ).rejects.toThrow(/não traz os arquivos/)
    } finally {
      await rm(target, { recursive: true, force: true })
    }
  })

  it('is not ready when the bucket cannot be reached', async () => {
    await s3.stop()
    const ready = await store.app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { storage: 'failed' } })
  })
})
