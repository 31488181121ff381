import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

let eslint: ESLint

/** The no-restricted-syntax messages ESLint gives `code` as if it were the file at `filePath`. */
async function errorsOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message)
}

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() })
})

describe('only the orders module prepares and flushes order notices', () => {
  it('refuses the sequence written out by hand in another module', async () => {
    const planted = [
      'export async function place(orders: any, messaging: any, db: any) {',
      '  const writer = await messaging.notices.prepare()',
      '  await db.transaction(async () => writer)',
      '  messaging.notices.flush()',
      '  const notices = messaging.notices',
      '  await notices.prepare()',
      '  notices.flush()',
      '  await orders.prepareNotices()',
      '  orders.flushNotices()',
      '}',
      '',
    ].join('\n')
    const errors = await errorsOf('src/server/modules/checkout/planted.ts', planted)
    expect(errors).toHaveLength(6)
    expect(errors.every((m) => m.includes('withOrderChange'))).toBe(true)
  })

  it('lets the orders module do it, and messaging implement it', async () => {
    const inside = [
      'export async function change(notices: any) {',
      '  const writer = await notices.prepare()',
      '  notices.flush()',
      '  return writer',
      '}',
      '',
    ].join('\n')
    expect(await errorsOf('src/server/modules/orders/planted.ts', inside)).toEqual([])
    const implementation = [
      'export const notices = {',
      '  async prepare() { return null },',
      '  flush() {},',
      '}',
      '',
    ].join('\n')
    expect(await errorsOf('src/server/modules/messaging/planted.ts', implementation)).toEqual([])
  })

  it('leaves other outboxes alone (the recovery reminders)', async () => {
    const reminders =
      'export async function remind(deps: any) {\n  await deps.reminders.prepare()\n  deps.reminders.flush()\n}\n'
    expect(await errorsOf('src/server/modules/recovery/planted.ts', reminders)).toEqual([])
  })
})
