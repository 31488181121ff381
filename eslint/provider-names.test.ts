import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

let eslint: ESLint

/** The lines where the provider-names rule fires on `code` as the file at `filePath`. */
async function flaggedLines(filePath: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath })
  const lines = result!.messages
    .filter((m) => m.ruleId === 'store/provider-names')
    .map((m) => m.line)
  return [...new Set(lines)]
}
const namings = async (filePath: string, code: string) =>
  (await flaggedLines(filePath, code)).length

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() })
})

describe('only payments/providers names a payment provider', () => {
  it('refuses an identifier, an import path and a string naming one, in any case', async () => {
    const planted = [
      "import { wooviProvider } from '../payments/providers/woovi.js'",
      'export const MercadoPagoApi = wooviProvider',
      "export const isAsaas = (name: string) => name === 'ASAAS'",
      "export const label = 'Mercado Pago'",
      'export const nested = `mercado_pago:${label}`',
      '',
    ].join('\n')
    expect(await flaggedLines('src/server/modules/checkout/planted.ts', planted)).toEqual([
      1, 2, 3, 4, 5,
    ])
    const elsewhere = 'export const provider = { woovi: true }\n'
    expect(await namings('src/server/lib/planted.ts', elsewhere)).toBe(1)
    expect(await namings('src/server/modules/payments/planted.ts', elsewhere)).toBe(1)
  })

  it('lets the providers and their registry name them', async () => {
    const code = "export const woovi = { name: 'woovi', label: 'Woovi' }\n"
    expect(await namings('src/server/modules/payments/providers/registry.ts', code)).toBe(0)
    expect(await namings('src/server/modules/payments/providers/planted.ts', code)).toBe(0)
  })

  it('lets settings keys of the contract and public addresses through, and comments', async () => {
    const code = [
      '// Mercado Pago asks for the return URL in its preference.',
      "export const key = 'mercadopago_return_url'",
      'export const nameOf = (v: { mercadopago_store_name: string }) => v.mercadopago_store_name',
      "export const route = '/api/webhooks/asaas'",
      '',
    ].join('\n')
    expect(await namings('src/server/modules/checkout/planted.ts', code)).toBe(0)
  })

  it('still refuses a made-up key that only looks like a setting', async () => {
    const code = "export const key = 'asaas_secret_backdoor'\n"
    expect(await namings('src/server/modules/checkout/planted.ts', code)).toBe(1)
  })
})
