import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RestoreAnswer } from '../../../contracts/backup.js'
import { storeBackupKey } from '../../backup/backup-key.js'
import { adminSession } from '../../testing/auth.js'
import { call } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { productFiles } from '../products/products.tables.js'

// The Backup tab's restore, as an owner and as an attacker would try it: only the admin, only
// from the store's own pages, only with the store's key and a whole archive, one at a time, no
// larger than RESTORE_MAX_BYTES; anything refused leaves the store exactly as it was.
const LIMIT = 6 * 1024 * 1024
let store: TestStore
let admin: string
let key: string
let backup: Buffer
let kept: { id: number }
let fileKey: string
let fileBytes: Buffer

beforeAll(async () => {
  store = await createTestStore({ env: { RESTORE_MAX_BYTES: String(LIMIT) } })
  admin = (await adminSession(store.app)).cookie
  key = await storeBackupKey(store.app.deps.config)
  await store.app.services.settings.set('store_name', 'Loja do Backup')
  kept = await insertProduct(store, { name: 'Material do Backup' })
  const [file] = await store.database.db
    .select()
    .from(productFiles)
    .where(eq(productFiles.productId, kept.id))
  fileKey = file!.storageKey
  fileBytes = await readAll(fileKey)
  const res = await call(store, 'GET', '/api/admin/backup', undefined, { cookie: admin })
  expect(res.statusCode).toBe(200)
  backup = res.rawPayload
}, 120_000)
afterAll(async () => {
  await store?.close()
})

async function readAll(storageKey: string) {
  const chunks: Buffer[] = []
  for await (const chunk of store.storage.read(storageKey)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** A multipart body as the Backup tab's form sends it: the key, then the archive. */
function restoreRequest(
  archive: Buffer,
  typedKey: string,
  opts: { cookie?: string; origin?: string } = {},
) {
  const boundary = '----restore' + Math.random().toString(16).slice(2)
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="key"\r\n\r\n${typedKey}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="backup"; filename="loja.tar.gz"\r\nContent-Type: application/gzip\r\n\r\n`,
    ),
    archive,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const headers: Record<string, string> = {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  }
  if (opts.cookie ?? admin) headers.cookie = opts.cookie ?? admin
  if (opts.origin) headers.origin = opts.origin
  return store.app.inject({ method: 'POST', url: '/api/admin/backup/restore', headers, payload })
}

const storeName = async () =>
  (await call(store, 'GET', '/api/settings/public')).json<{ store_name: string }>().store_name
const message = (res: { json: <T>() => T }) => res.json<{ message: string }>().message

/** What a refused restore must leave: the store as changed after the backup was taken. */
async function expectUnchanged(added: { id: number }) {
  expect(await storeName()).toBe('Loja Mudada')
  expect((await call(store, 'GET', `/api/products/${added.id}`)).statusCode).toBe(200)
  expect(await readAll(fileKey)).toEqual(fileBytes)
}

describe('restoring a backup from the Backup tab', () => {
  let added: { id: number }

  beforeAll(async () => {
    await store.app.services.settings.set('store_name', 'Loja Mudada')
    added = await insertProduct(store, { name: 'Material depois do backup' })
  })

  it('answers the admin only, and only from the store’s own pages', async () => {
    const anonymous = await store.app.inject({
      method: 'POST',
      url: '/api/admin/backup/restore',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--',
    })
    expect(anonymous.statusCode).toBe(401)
    const forged = await restoreRequest(backup, key, { origin: 'https://golpe.example' })
    expect(forged.statusCode).toBe(403)
    await expectUnchanged(added)
  })

  it('refuses a key of the wrong shape before reading the file', async () => {
    const res = await restoreRequest(backup, 'minha-senha')
    expect(res.statusCode).toBe(400)
    expect(message(res)).toMatch(/Chave de backup inválida: são 64 caracteres/)
    await expectUnchanged(added)
  })

  it('refuses another store’s key, saying so in Portuguese', async () => {
    const res = await restoreRequest(backup, randomBytes(32).toString('hex'))
    expect(res.statusCode).toBe(400)
    expect(message(res)).toMatch(/assinado com outra chave|assinatura/i)
    await expectUnchanged(added)
  })

  it('refuses a damaged file, a cut one and one that is not a backup', async () => {
    const tar = gunzipSync(backup)
    const flipped = Buffer.from(tar)
    flipped[Math.floor(flipped.length * 0.6)]! ^= 0xff
    for (const archive of [
      gzipSync(flipped),
      backup.subarray(0, Math.floor(backup.length / 2)),
      Buffer.from('<html>não sou um backup</html>'),
    ]) {
      const res = await restoreRequest(archive, key)
      expect(res.statusCode, res.body).toBe(400)
      expect(message(res)).toMatch(/Nada foi (mudado|gravado)|danificado|não confere/)
      await expectUnchanged(added)
    }
  }, 60_000)

  it('refuses an upload past RESTORE_MAX_BYTES', async () => {
    const huge = Buffer.concat([Buffer.from([0x1f, 0x8b]), randomBytes(LIMIT + 1024)])
    const res = await restoreRequest(huge, key)
    expect(res.statusCode).toBe(413)
    expect(message(res)).toMatch(/Backup grande demais para restaurar pelo painel/)
    await expectUnchanged(added)
  })

  it('answers every other request 503 while it restores, /healthz aside', async () => {
    const seen: { status: number; retryAfter: unknown; message?: string }[] = []
    let health = 0
    let finished = false
    const restoring = restoreRequest(backup, key).finally(() => {
      finished = true
    })
    while (!finished) {
      const [page, healthz] = await Promise.all([
        call(store, 'GET', '/api/settings/public'),
        call(store, 'GET', '/healthz'),
      ])
      if (page.statusCode === 503) {
        seen.push({
          status: page.statusCode,
          retryAfter: page.headers['retry-after'],
          message: message(page),
        })
      }
      if (healthz.statusCode === 200) health++
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    expect((await restoring).statusCode).toBe(200)
    expect(seen.length, 'a request during the restore').toBeGreaterThan(0)
    expect(seen[0]).toMatchObject({
      retryAfter: '60',
      message: expect.stringMatching(/manutenção/),
    })
    expect(health).toBeGreaterThan(0)
    // Back: answered again, and the store is the backup's.
    expect(await storeName()).toBe('Loja do Backup')
    await store.app.services.settings.set('store_name', 'Loja Mudada')
  }, 120_000)

  it('restores one of two at once, and the store comes back as the backup had it', async () => {
    const answers = await Promise.all([restoreRequest(backup, key), restoreRequest(backup, key)])
    const statuses = answers.map((a) => a.statusCode).sort()
    expect(statuses[0], answers.map((a) => a.body).join('\n')).toBe(200)
    expect([409, 503]).toContain(statuses[1])
    const refused = answers.find((a) => a.statusCode !== 200)!
    expect(message(refused)).toMatch(/restauração de backup em andamento|manutenção/)
    const restored = answers.find((a) => a.statusCode === 200)!.json<RestoreAnswer>()
    expect(restored).toMatchObject({ products: 1, orders: 0 })
    expect(restored.files).toBeGreaterThan(0)

    expect(await storeName()).toBe('Loja do Backup')
    expect((await call(store, 'GET', `/api/products/${added.id}`)).statusCode).toBe(404)
    expect((await call(store, 'GET', `/api/products/${kept.id}`)).statusCode).toBe(200)
    expect(await readAll(fileKey)).toEqual(fileBytes)
    // The admin's session was in the backup: she is still logged in, and the store writes.
    const saved = await call(
      store,
      'POST',
      '/api/admin/settings',
      { key: 'store_name', value: 'Loja de Volta' },
      { cookie: admin },
    )
    expect(saved.statusCode, saved.body).toBe(200)
    const next = await insertProduct(store, { name: 'Material novo' })
    expect(next.id).toBeGreaterThan(kept.id)
  }, 120_000)

  it('rolls back a backup from a newer version of the store, after loading it', async () => {
    const { db } = store.database
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('futura', 99999999999999)`,
    )
    const newer = (await call(store, 'GET', '/api/admin/backup', undefined, { cookie: admin }))
      .rawPayload
    await db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'futura'`)
    await store.app.services.settings.set('store_name', 'Loja Atual')
    const res = await restoreRequest(newer, key)
    expect(res.statusCode).toBe(400)
    expect(message(res)).toMatch(/versão mais nova da loja.*Nada foi mudado/)
    expect(await storeName()).toBe('Loja Atual')
    expect((await call(store, 'GET', `/api/products/${kept.id}`)).statusCode).toBe(200)
    expect(await readAll(fileKey)).toEqual(fileBytes)
  }, 120_000)
})
