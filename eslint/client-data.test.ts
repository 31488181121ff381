import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

let eslint: ESLint

/** The messages of the client-data rule ESLint gives `code` as the file `filePath`. */
async function dataErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages
    .filter((message) => message.ruleId === 'client/data')
    .map((message) => message.message)
}

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() })
})

describe("the client's data stays in its domain's data files", () => {
  it('refuses a query key written from scratch, in a data file too', async () => {
    const code = "export const q = { queryKey: ['admin', 'sales'] as const, queryFn: () => null }\n"
    expect(await dataErrors('src/client/features/admin/planted.api.ts', code)).toEqual([
      expect.stringContaining('fábrica de chaves'),
    ])
  })

  it("lets a key spread from the domain's factory", async () => {
    const code =
      "const keys = { all: ['admin'] as const }\nexport const q = { queryKey: [...keys.all, 'x'] as const }\n"
    expect(await dataErrors('src/client/features/admin/planted.api.ts', code)).toEqual([])
  })

  it('refuses a component calling the API, by call() or fetch()', async () => {
    const imported =
      "import { call } from '../../lib/api'\nexport const Planted = () => { void call; return null }\n"
    expect(await dataErrors('src/client/features/catalog/planted.tsx', imported)).toEqual([
      expect.stringContaining('Componente chamando a API'),
    ])
    const fetched = "export const Planted = () => { void fetch('x'); return null }\n"
    expect(await dataErrors('src/client/features/catalog/planted.tsx', fetched)).toHaveLength(1)
  })

  it('lets a data file call the API, and a component import only its errors', async () => {
    const data = "import { call } from '../../lib/api'\nexport const get = () => call\n"
    expect(await dataErrors('src/client/features/catalog/planted.api.ts', data)).toEqual([])
    const errorsOnly =
      "import { HttpError } from '../../lib/api'\nexport const Planted = () => (HttpError ? null : null)\n"
    expect(await dataErrors('src/client/features/catalog/planted.tsx', errorsOnly)).toEqual([])
  })
})
