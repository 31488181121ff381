import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

let eslint: ESLint

/** The messages of the hand-written-address rule ESLint gives `code` as the file `filePath`. */
async function urlErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message)
}

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() })
})

describe('no hand-written /api/ address in src/client', () => {
  it('refuses a string literal', async () => {
    const errors = await urlErrors(
      'src/client/features/catalog/planted.ts',
      "export const planted = fetch('/api/products')\n",
    )
    expect(errors).toEqual([expect.stringContaining('src/contracts/api-routes')])
  })

  it('refuses a template literal, in a component too', async () => {
    const errors = await urlErrors(
      'src/client/pages/planted.page.tsx',
      'export const Planted = ({ id }: { id: number }) => <img alt="" src={`/api/products/${id}/image`} />\n',
    )
    expect(errors).toEqual([expect.stringContaining('src/contracts/api-routes')])
  })

  it('lets a test state the address it expects', async () => {
    const errors = await urlErrors(
      'src/client/lib/planted.test.ts',
      "export const expected = '/api/products'\n",
    )
    expect(errors).toEqual([])
  })

  it('lets the route table name addresses, and the client use it', async () => {
    const table = await urlErrors(
      'src/contracts/api-routes/planted.routes.ts',
      "import { route } from '../api-route'\nexport const planted = route<null>()('GET', '/api/planted')\n",
    )
    expect(table).toEqual([])
    const client = await urlErrors(
      'src/client/features/catalog/planted.ts',
      "import * as productRoutes from '../../../contracts/api-routes/product.routes'\nimport { path } from '../../lib/api'\nexport const planted = path(productRoutes.products)\n",
    )
    expect(client).toEqual([])
  })
})
