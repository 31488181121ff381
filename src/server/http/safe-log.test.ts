import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../modules/accounts/accounts.tables.js'
import { createTestStore, type TestStore } from '../testing/test-app.js'

/** Everything the store logs, line by line. */
const lines: string[] = []
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean))
    done()
  },
})

const EMAIL = 'ana.segredo@escola.com'
const HASH = 'scrypt$hash-secreto-da-senha'
const WHATSAPP = '5511987654321'

let store: TestStore
beforeAll(async () => {
  store = await createTestStore({
    env: { LOG_LEVEL: 'error' },
    logStream,
    // Routes whose queries fail with personal data in their parameters, as real ones can.
    setup(app) {
      const { db } = app.deps.database
      app.post('/test/duplicate-user', async () => {
        const row = { email: EMAIL, passwordHash: HASH, firstName: 'Ana', whatsapp: WHATSAPP }
        await db.insert(users).values(row)
        await db.insert(users).values(row)
      })
      app.post('/test/bad-cast', async () => {
        await db.execute(sql`select ${EMAIL}::int, ${WHATSAPP}::int`)
      })
    },
  })
})
afterAll(() => store.close())

const failing = async (url: string) => {
  lines.length = 0
  const res = await store.app.inject({ method: 'POST', url })
  expect(res.statusCode).toBe(500)
  expect(res.json()).toEqual({ message: 'Erro interno do servidor. Tente novamente.' })
  expect(lines.length).toBeGreaterThan(0)
  return lines.join('\n')
}

describe('A failed query in the log', () => {
  it('says which constraint failed, never the values (unique violation)', async () => {
    const log = await failing('/test/duplicate-user')
    const { err, msg } = JSON.parse(log.split('\n')[0]!)
    expect(msg).toBe('request failed')
    expect(err.message).toMatch(/^Failed query: insert into "users"/)
    expect(err.cause).toMatchObject({
      message: 'duplicate key value violates unique constraint "users_email_unique"',
      code: '23505',
      table: 'users',
      constraint: 'users_email_unique',
    })
    for (const secret of [EMAIL, HASH, WHATSAPP]) expect(log).not.toContain(secret)
  })

  it('never writes a value PostgreSQL quotes in its message (bad cast)', async () => {
    const log = await failing('/test/bad-cast')
    const { err } = JSON.parse(log.split('\n')[0]!)
    expect(err.cause).toMatchObject({
      message: 'invalid input syntax for type integer: "[omitido]"',
      code: '22P02',
    })
    for (const secret of [EMAIL, WHATSAPP]) expect(log).not.toContain(secret)
  })
})
