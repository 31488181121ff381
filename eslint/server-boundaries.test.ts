import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let eslint: ESLint

/** The messages of `rule` that ESLint gives `code` as if it were the file at `filePath`. */
async function errorsOf(rule: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message)
}
const importErrors = (filePath: string, code: string) =>
  errorsOf('no-restricted-imports', filePath, code)

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() })
})

describe('server modules reach each other through services only', () => {
  it("refuses another module's table, from a service and from a nested file", async () => {
    const planted = "import { orders } from '../orders/orders.tables.js'\nexport const x = orders\n"
    expect(await importErrors('src/server/modules/downloads/planted.ts', planted)).toEqual([
      expect.stringContaining('*.service.ts'),
    ])
    const nested =
      "import { orders } from '../../orders/orders.tables.js'\nexport const x = orders\n"
    expect(await importErrors('src/server/modules/payments/providers/planted.ts', nested)).toEqual([
      expect.stringContaining('*.service.ts'),
    ])
  })

  it("refuses another module's routes and internals, and the wiring root", async () => {
    const routes =
      "import { ordersRoutes } from '../orders/orders.routes.js'\nexport const x = ordersRoutes\n"
    const internal =
      "import { placeOrder } from '../orders/place-order.js'\nexport const x = placeOrder\n"
    const root = "import { buildApp } from '../../app.js'\nexport const x = buildApp\n"
    const file = 'src/server/modules/checkout/planted.ts'
    expect(await importErrors(file, routes)).toHaveLength(1)
    expect(await importErrors(file, internal)).toHaveLength(1)
    expect(await importErrors(file, root)).toEqual([expect.stringContaining('app-types.ts')])
  })

  it("allows another module's service, its own tables, contracts and the shared layers", async () => {
    const code = [
      "import { createOrdersService } from '../orders/orders.service.js'",
      "import { purchases } from './downloads.tables.js'",
      "import { ORDER_STATUSES } from '../../../contracts/checkout.js'",
      "import { AppError } from '../../errors.js'",
      "import { whatsappMatches } from '../../lib/phone.js'",
      'export const x = [createOrdersService, purchases, ORDER_STATUSES, AppError, whatsappMatches]',
      '',
    ].join('\n')
    expect(await importErrors('src/server/modules/downloads/planted.ts', code)).toEqual([])
  })

  it('lets a read model and a table file read other tables, nothing else', async () => {
    const tables = "import { orders } from '../orders/orders.tables.js'\nexport const x = orders\n"
    expect(await importErrors('src/server/modules/admin/planted.read-model.ts', tables)).toEqual([])
    expect(await importErrors('src/server/modules/canva/planted.tables.ts', tables)).toEqual([])
    const internal =
      "import { placeOrder } from '../orders/place-order.js'\nexport const x = placeOrder\n"
    expect(
      await importErrors('src/server/modules/admin/planted.read-model.ts', internal),
    ).toHaveLength(1)
  })

  it("keeps the building of services out of app.ts (each module's definition builds them)", async () => {
    const code =
      "import { createOrdersService } from './modules/orders/orders.service.js'\nexport const x = createOrdersService\n"
    expect(await importErrors('src/server/app.ts', code)).toEqual([
      expect.stringContaining('*.module.ts'),
    ])
    const own = code.replace('./modules/orders/', './')
    expect(await importErrors('src/server/modules/orders/orders.module.ts', own)).toEqual([])
  })

  it("keeps the shared layers (http, lib, files, db) off the modules' tables", async () => {
    const code =
      "import { users } from '../modules/accounts/accounts.tables.js'\nexport const x = users\n"
    expect(await importErrors('src/server/http/planted.ts', code)).toEqual([
      expect.stringContaining('decision 009'),
    ])
  })
})

describe('import cycles (npm run lint:cycles)', () => {
  let dir: string

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'planted-cycle-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  /** The exit status of the project's cycle check over the .ts files of `dir`. */
  function checkCycles(): number | null {
    const script = JSON.parse(readFileSync('package.json', 'utf8')).scripts['lint:cycles']
    const command = script.replace(/"src\/[^"]*"/g, '').trim()
    const run = spawnSync(`npx ${command} "${dir}/*.ts"`, { shell: true, encoding: 'utf8' })
    return run.status
  }

  it('fails on a planted cycle of type-only imports, and passes once it is broken', async () => {
    await writeFile(
      path.join(dir, 'a.ts'),
      "import type { B } from './b.js'\nexport type A = { b?: B }\n",
    )
    await writeFile(
      path.join(dir, 'b.ts'),
      "import type { A } from './a.js'\nexport type B = { a?: A }\n",
    )
    expect(checkCycles()).toBe(1)
    await writeFile(path.join(dir, 'b.ts'), 'export type B = { name: string }\n')
    expect(checkCycles()).toBe(0)
  })
})
