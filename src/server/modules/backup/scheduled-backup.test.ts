import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { copyFile, readFile, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BackupEntry } from '../../../contracts/backup.js'
import { backupDestinations, type BackupDestination } from '../../backup/destinations.js'
import { openDatabase, type Database } from '../../db/client.js'
import { S3Storage } from '../../files/s3-storage.js'
import { adminSession } from '../../testing/auth.js'
import { manualClock } from '../../testing/clock.js'
import { startLocalS3, type LocalS3 } from '../../testing/local-s3.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { createBackupService, type BackupService } from './backup.service.js'
import { localTime } from './schedule.js'

// 2026-11-01 02:00 in São Paulo (UTC-3): an hour before the default backup hour (3).
const clock = manualClock(Date.parse('2026-11-01T05:00:00Z'))
const now = () => new Date(clock.now())
const HOUR = 3_600_000

let s3: LocalS3
let store: TestStore
let second: Database
let instanceB: BackupService
let cookie: string
let backupDir: string

const bucket = () =>
  new S3Storage({
    bucket: 'loja-backups',
    region: 'us-east-1',
    endpoint: s3.endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    // On this machine: the operator's ALLOW_PRIVATE_INTEGRATIONS.
    allowPrivate: true,
  })

beforeAll(async () => {
  s3 = await startLocalS3(['loja-backups'])
  store = await createTestStore({
    now,
    env: {
      BACKUP_S3_BUCKET: 'loja-backups',
      BACKUP_S3_ENDPOINT: s3.endpoint,
      BACKUP_S3_ACCESS_KEY_ID: 'S3RVER',
      BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER',
      BACKUP_S3_FORCE_PATH_STYLE: '1',
    },
  })
  backupDir = store.app.deps.config.backups.dir
  // The second instance: its own pool on the same PostgreSQL database, or the one PGlite.
  second = store.databaseUrl
    ? await openDatabase({ url: store.databaseUrl, dataDir: 'memory://' })
    : store.database
  const { config, storage } = store.app.deps
  instanceB = createBackupService({
    source: { database: second, storage, config },
    config,
    settings: store.app.services.settings,
    paymentMode: () => store.app.services.payments.providers.mode(),
    log: store.app.log,
    now,
  })
  cookie = (await adminSession(store.app)).cookie
}, 120_000)

afterAll(async () => {
  instanceB?.close()
  if (second && second !== store.database) await second.close()
  await store?.close()
  await s3?.close()
})

const admin = (method: 'GET' | 'POST', url: string) =>
  store.app.inject({ method, url, headers: { cookie } })

describe('scheduled backups', () => {
  it('is off by default in a demo store (auto), and on once the owner says so', async () => {
    expect(await store.app.services.backups.enabled()).toBe(false)
    expect(await store.app.services.backups.tick()).toBeNull()
    await store.app.services.settings.set('backup_enabled', 'on')
    expect(await store.app.services.backups.enabled()).toBe(true)
  })

  it('runs once at the store’s hour with two instances, verified, in the folder and the bucket', async () => {
    const instanceA = store.app.services.backups
    expect(await Promise.all([instanceA.tick(), instanceB.tick()])).toEqual([null, null])
    const status = await instanceA.status()
    expect(status.nextRun).toBe('2026-11-01T06:00:00.000Z')

    clock.advance(HOUR)
    expect(localTime(now())).toEqual({ date: '2026-11-01', hour: 3 })
    const runs = await Promise.all([instanceA.tick(), instanceB.tick()])
    const taken = runs.filter((r): r is BackupEntry => r !== null)
    expect(taken).toHaveLength(1)
    expect(taken[0]).toMatchObject({ verified: true, where: ['dir', 's3'], kind: 'nightly' })
    const name = taken[0]!.name
    const local = await readFile(path.join(backupDir, name))
    const remote = bucket()
    expect(await remote.size(name)).toBe(local.length)
    remote.close()

    // Later that night, nobody runs it again; tomorrow's slot is next.
    clock.advance(HOUR / 2)
    expect(await Promise.all([instanceA.tick(), instanceB.tick()])).toEqual([null, null])
    expect((await instanceA.status()).nextRun).toBe('2026-11-02T06:00:00.000Z')

    const listed = await admin('GET', '/api/admin/backups')
    expect(listed.statusCode).toBe(200)
    expect(listed.json()).toEqual([
      {
        name,
        createdAt: '2026-11-01T06:00:00.000Z',
        bytes: local.length,
        where: ['dir', 's3'],
        verified: true,
        problem: null,
        kind: 'nightly',
      },
    ])
    const download = await admin('GET', `/api/admin/backups/${name}`)
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${name}"`)
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(
      createHash('sha256').update(local).digest('hex'),
    )
  })

  it('downloads only a listed name, to the admin only', async () => {
    for (const bad of [
      '..%2F..%2Fbackup.key',
      '..%2Fbackup.key',
      'loja-2026-01-01.tar.gz',
      '%2Fetc%2Fpasswd',
    ]) {
      expect((await admin('GET', `/api/admin/backups/${bad}`)).statusCode).toBe(404)
    }
    // A file dropped in the folder under a backup's name is listed, never as verified.
    await writeFile(path.join(backupDir, 'loja-2020-01-01.tar.gz'), 'not an archive')
    const listed = (await admin('GET', '/api/admin/backups')).json<BackupEntry[]>()
    expect(listed.find((e) => e.name === 'loja-2020-01-01.tar.gz')).toMatchObject({
      verified: false,
      kind: 'unknown',
    })
    const anonymous = await store.app.inject({ method: 'GET', url: '/api/admin/backups' })
    expect(anonymous.statusCode).toBe(401)
    const run = await store.app.inject({ method: 'POST', url: '/api/admin/backups/run' })
    expect(run.statusCode).toBe(401)
  })

  it('keeps exactly 7 daily and 4 weekly verified copies', async () => {
    const instanceA = store.app.services.backups
    // A copy taken by hand stays until it is older than every nightly copy kept.
    const early = await instanceA.runNow()
    expect(early).toMatchObject({ verified: true, kind: 'manual' })
    for (let day = 0; day < 40; day++) {
      if (day === 10) expect((await instanceA.list()).map((e) => e.name)).toContain(early.name)
      clock.advance(24 * HOUR)
      const [a, b] = await Promise.all([instanceA.tick(), instanceB.tick()])
      expect([a, b].filter(Boolean)).toHaveLength(1)
    }
    const kept = (await instanceA.list()).filter((e) => e.kind === 'nightly')
    expect(kept).toHaveLength(11)
    expect(kept.every((e) => e.verified && e.where.length === 2)).toBe(true)
    const days = kept.map((e) => localTime(new Date(e.createdAt)).date)
    // The newest 7 days, then one a week for 4 older weeks (each a week before the next).
    expect(days.slice(0, 7)).toEqual([
      '2026-12-11',
      '2026-12-10',
      '2026-12-09',
      '2026-12-08',
      '2026-12-07',
      '2026-12-06',
      '2026-12-05',
    ])
    expect(days.slice(7)).toEqual(['2026-12-04', '2026-11-29', '2026-11-22', '2026-11-15'])
    expect((await instanceA.list()).map((e) => e.name)).not.toContain(early.name)
    // The same copies in the folder and the bucket, and nothing else of the store's.
    const inDir = (await readdir(backupDir)).filter((n) => n.startsWith('loja-2026'))
    expect(inDir.sort()).toEqual(kept.map((e) => e.name).sort())
    const remote = bucket()
    const inBucket: string[] = []
    for await (const { key } of remote.list()) inBucket.push(key)
    remote.close()
    expect(inBucket.sort()).toEqual(kept.map((e) => e.name).sort())
  }, 300_000)

  it('reports a corrupted copy and never counts it good, nor deletes good ones for it', async () => {
    const { config, storage } = store.app.deps
    const before = await store.app.services.backups.lastVerifiedAt()
    // A disk that flips a byte of what it is given, then the same with the bucket.
    const [dir, bucketDestination] = backupDestinations(config) as [
      BackupDestination,
      BackupDestination,
    ]
    const flipByte = async (file: string) => {
      const bytes = await readFile(file)
      bytes[Math.floor(bytes.length / 2)]! ^= 0xff
      await writeFile(file, bytes)
    }
    const flaky = (destination: BackupDestination): BackupDestination => ({
      ...destination,
      async put(name, file) {
        if (destination.where === 'dir') return flipByte(file)
        const damaged = `${file}.damaged`
        await copyFile(file, damaged)
        await flipByte(damaged)
        await destination.put(name, damaged)
      },
    })
    for (const destinations of [
      [flaky(dir), bucketDestination],
      [dir, flaky(bucketDestination)],
    ]) {
      const service = createBackupService({
        source: { database: store.database, storage, config },
        config,
        settings: store.app.services.settings,
        paymentMode: async () => 'static',
        log: store.app.log,
        now,
        destinations,
      })
      clock.advance(60_000)
      const entry = await service.runNow()
      expect(entry.verified).toBe(false)
      expect(entry.problem).toMatch(destinations[0] === dir ? /^s3: / : /^dir: /)
      const listed = (await service.list()).find((e) => e.name === entry.name)
      expect(listed).toMatchObject({ verified: false })
      expect(await service.lastVerifiedAt()).toEqual(before)
    }
    expect((await store.app.services.backups.list()).filter((e) => e.verified)).toHaveLength(11)
    // A verified copy changed on disk afterwards is no longer listed as verified.
    const [newest] = (await store.app.services.backups.list()).filter((e) => e.verified)
    await writeFile(path.join(backupDir, newest!.name), 'truncated')
    const after = (await store.app.services.backups.list()).find((e) => e.name === newest!.name)
    expect(after).toMatchObject({ verified: false })
    expect(existsSync(path.join(backupDir, newest!.name))).toBe(true)
  }, 120_000)

  it('POST /api/admin/backups/run takes one now and answers the new entry', async () => {
    clock.advance(60_000)
    const res = await admin('POST', '/api/admin/backups/run')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ verified: true, kind: 'manual', where: ['dir', 's3'] })
  }, 60_000)
})
