import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertProduct } from '../testing/fixtures.js'
import { createTestStore, type TestStore } from '../testing/test-app.js'
import { checkDumpStatement } from './dump-statements.js'
import { dumpDatabase } from './dump.js'
import { checkDump, RestoreRefused } from './restore.js'

let store: TestStore
let work: string
beforeAll(async () => {
  store = await createTestStore()
  work = await mkdtemp(path.join(tmpdir(), 'loja-dump-statements-'))
  await insertProduct(store, { name: "Caderno d'água; COPY (SELECT 1) TO PROGRAM 'x'\n$$ E'\\\\'" })
})
afterAll(async () => {
  await store.close()
  await rm(work, { recursive: true, force: true })
})

describe('the statements a restore accepts', () => {
  it("accepts every statement of this store's own dump, odd names and values included", async () => {
    let dump = ''
    await dumpDatabase(store.database.db, async (text) => {
      dump += text
    })
    const file = path.join(work, 'database.sql')
    await writeFile(file, dump)
    await expect(checkDump(file)).resolves.toBeUndefined()
  })

  const refused = {
    'COPY … TO PROGRAM': "COPY (SELECT 1) TO PROGRAM 'touch /tmp/x';",
    'CREATE ROLE … SUPERUSER': "CREATE ROLE intruso LOGIN SUPERUSER PASSWORD 'x';",
    'a function body in dollar quotes':
      'CREATE FUNCTION f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql;',
    'a DO block': "DO $x$ BEGIN PERFORM pg_read_file('/etc/passwd'); END $x$;",
    'a subquery among the values': `INSERT INTO "public"."t" ("a") VALUES ((SELECT pg_read_file('/etc/passwd')));`,
    'a call among the values': `INSERT INTO "public"."t" ("a") VALUES (pg_catalog.lo_import('/etc/passwd'));`,
    'a call in a default': `CREATE TABLE "public"."t" (\n    "a" text DEFAULT pg_read_file('/etc/passwd')\n);`,
    'a quoted function name in a check': `ALTER TABLE ONLY "public"."t" ADD CONSTRAINT "c" CHECK ("pg_read_file"('x') IS NULL);`,
    'a table made from a query': `CREATE TABLE "public"."t" AS SELECT pg_read_file('/etc/passwd');`,
    'two statements on one line': "SET timezone = 'UTC'; DROP TABLE x;",
    'a setting the dump does not write': "SET session_authorization = 'postgres';",
    'another function through SELECT': 'SELECT pg_catalog.pg_reload_conf();',
    'setval with a query': `SELECT pg_catalog.setval('x', (SELECT 1), true);`,
    'a statement cut inside a literal': 'INSERT INTO "public"."t" ("a") VALUES (\'abc;',
  }
  for (const [what, sql] of Object.entries(refused)) {
    it(`refuses ${what}`, () => {
      expect(() => checkDumpStatement(`${sql}\n`)).toThrow()
    })
  }

  it('accepts what looks dangerous inside a literal', () => {
    expect(() =>
      checkDumpStatement(
        `INSERT INTO "public"."t" ("a", "b") VALUES\n('COPY x TO PROGRAM ''y''; $$', E'\\\\'';DROP'),\n(NULL, '2');\n`,
      ),
    ).not.toThrow()
  })

  it('refuses a dump holding one such statement, naming it', async () => {
    const file = path.join(work, 'evil.sql')
    await writeFile(file, "SET timezone = 'UTC';\nCREATE ROLE intruso SUPERUSER;\n")
    await expect(checkDump(file)).rejects.toBeInstanceOf(RestoreRefused)
    await expect(checkDump(file)).rejects.toThrow(/comando 2/)
  })
})
