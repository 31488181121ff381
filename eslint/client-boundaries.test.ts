import { readdirSync } from 'node:fs'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'
import { ALLOWED_FEATURE_IMPORTS } from './client-boundaries.js'

let eslint: ESLint

/** The import-rule messages ESLint gives `code` as if it were the file at `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message)
}

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() })
})

describe('client import direction (pages → features → ui/lib)', () => {
  it('refuses a feature imported from ui/', async () => {
    const errors = await boundaryErrors(
      'src/client/ui/planted.tsx',
      "import { useCurrentUser } from '../features/auth/auth.api'\nexport const planted = useCurrentUser\n",
    )
    expect(errors).toEqual([expect.stringContaining('ui/ and lib/ are generic')])
  })

  it('refuses a page imported from lib/', async () => {
    const errors = await boundaryErrors(
      'src/client/lib/planted.ts',
      "import HomePage from '../pages/home.page'\nexport const planted = HomePage\n",
    )
    expect(errors).toEqual([expect.stringContaining('Pages are the top layer')])
  })

  it('refuses a page imported from a feature', async () => {
    const errors = await boundaryErrors(
      'src/client/features/catalog/planted.ts',
      "import HomePage from '../../pages/home.page'\nexport const planted = HomePage\n",
    )
    expect(errors).toEqual([expect.stringContaining('Pages are the top layer')])
  })

  it('lets a page import a feature, not server code', async () => {
    const page = 'src/client/pages/planted.page.tsx'
    const feature = await boundaryErrors(
      page,
      "import { ProductGrid } from '../features/catalog/product-grid'\nexport const planted = ProductGrid\n",
    )
    expect(feature).toEqual([])
    const server = await boundaryErrors(
      page,
      "import { buildApp } from '../../server/app'\nexport const planted = buildApp\n",
    )
    expect(server).toEqual([expect.stringContaining('The browser never runs server code')])
  })
})

describe('feature to feature imports', () => {
  it('refuses a pair not in the allow-list, however deep the file and however the path is written', async () => {
    // catalog may import no other feature.
    expect(ALLOWED_FEATURE_IMPORTS).not.toHaveProperty('catalog')
    const planted = [
      ['src/client/features/catalog/planted.ts', '../cart/cart.api'],
      ['src/client/features/catalog/deep/planted.ts', '../../cart/cart.api'],
      ['src/client/features/catalog/planted.ts', '../../features/cart/cart.api'],
    ] as const
    for (const [filePath, specifier] of planted) {
      const errors = await boundaryErrors(
        filePath,
        `import { cartQuery } from '${specifier}'\nexport const planted = cartQuery\n`,
      )
      expect(errors, `${filePath} importing ${specifier}`).toEqual([
        expect.stringContaining('features/catalog may not import features/cart'),
      ])
    }
  })

  it('refuses type-only imports too', async () => {
    const errors = await boundaryErrors(
      'src/client/features/admin/planted.ts',
      "import type { PendingOrder } from '../checkout/pending-order'\nexport type Planted = PendingOrder\n",
    )
    expect(errors).toEqual([
      expect.stringContaining('features/admin may not import features/checkout'),
    ])
  })

  it('lets an allowed pair through, and only that pair', async () => {
    const file = 'src/client/features/product-detail/planted.tsx'
    expect(ALLOWED_FEATURE_IMPORTS['product-detail']).toContain('cart')
    const allowed = await boundaryErrors(
      file,
      "import { useAddToCart } from '../cart/add-to-cart'\nexport const planted = useAddToCart\n",
    )
    expect(allowed).toEqual([])
    const unlisted = await boundaryErrors(
      file,
      "import { usePlaceOrder } from '../checkout/use-place-order'\nexport const planted = usePlaceOrder\n",
    )
    expect(unlisted).toEqual([
      expect.stringContaining('features/product-detail may not import features/checkout'),
    ])
  })

  it('allows no loop between features', () => {
    const partners = (feature: string): string[] =>
      (ALLOWED_FEATURE_IMPORTS as Record<string, string[]>)[feature] ?? []
    for (const start of Object.keys(ALLOWED_FEATURE_IMPORTS)) {
      // Every feature `start` reaches through allowed pairs; reaching itself would be a loop.
      const reached = new Set<string>()
      const queue = [...partners(start)]
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        if (reached.has(next)) continue
        reached.add(next)
        queue.push(...partners(next))
      }
      expect([...reached], start).not.toContain(start)
    }
  })

  it('lists only features that exist', () => {
    const features = readdirSync('src/client/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    for (const [feature, partners] of Object.entries(ALLOWED_FEATURE_IMPORTS)) {
      expect(features).toContain(feature)
      for (const partner of partners) expect(features).toContain(partner)
    }
  })
})
