import { describe, expect, it } from 'vitest'
import { formatDecimalBRL } from '../../../contracts/money.js'
import type { Product } from '../../../contracts/products.js'
import {
  productHead,
  productJsonLd,
  renderHead,
  skillHead,
  STORE_NAME,
  storeHead,
} from './page-head.js'

const BASE = 'https://loja.exemplo.com.br'

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 42,
    name: 'Alfabeto Ilustrado',
    description: 'Cartelas coloridas para a alfabetização.',
    price: '19.90',
    compareAtPrice: null,
    category: 'alfabetizacao',
    isFree: false,
    isActive: true,
    imageUrl: '/api/products/42/image?v=abc123',
    additionalImages: [],
    downloadFileName: 'alfabeto.pdf',
    mimeType: 'application/pdf',
    externalLink: null,
    canvaTemplateId: null,
    canvaOnly: false,
    createdAt: '2025-03-01T12:00:00.000Z',
    downloadFiles: [],
    bundleProductIds: [],
    bundleItems: [],
    orderBumps: [],
    bncc: [],
    anos: [],
    componentes: [],
    tipo: null,
    tema: null,
    paginas: null,
    previews: [],
    previewStatus: 'none',
    ...overrides,
  }
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
}
/** What a crawler reads out of an attribute or text: the entities turned back into characters. */
const decode = (html: string) => html.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!)

/** Every tag of the head, as written. */
const tagsOf = (head: string) => head.match(/<[^>]*>/g) ?? []

/** The decoded `content` of `<meta property|name="key">`, or undefined when absent. */
function meta(head: string, key: string): string | undefined {
  const found = tagsOf(head)
    .map((tag) => /^<meta (?:property|name)="([^"]*)" content="([^"]*)">$/.exec(tag))
    .filter((m) => m?.[1] === key)
  expect(found.length, `at most one ${key}`).toBeLessThanOrEqual(1)
  return found[0] ? decode(found[0][2]!) : undefined
}

const canonical = (head: string) => {
  const match = /<link rel="canonical" href="([^"]*)">/.exec(head)
  return match ? decode(match[1]!) : undefined
}
const title = (head: string) => {
  const match = /<title>([^<]*)<\/title>/.exec(head)
  return match ? decode(match[1]!) : undefined
}

describe('productHead', () => {
  it('gives a shared product link its title, price, picture and address', () => {
    const head = productHead(BASE, product())
    const expectedTitle = `Alfabeto Ilustrado — ${formatDecimalBRL('19.90')} | ${STORE_NAME}`
    expect(title(head)).toBe(expectedTitle)
    expect(meta(head, 'og:title')).toBe(expectedTitle)
    expect(meta(head, 'og:type')).toBe('product')
    expect(meta(head, 'og:url')).toBe(`${BASE}/produto/42`)
    expect(canonical(head)).toBe(`${BASE}/produto/42`)
    expect(meta(head, 'og:image')).toBe(`${BASE}/api/products/42/share.jpg?v=abc123`)
    expect(meta(head, 'og:image:type')).toBe('image/jpeg')
    expect(meta(head, 'og:image:width')).toBe('1200')
    expect(meta(head, 'og:image:height')).toBe('630')
    expect(meta(head, 'og:image:alt')).toBe('Capa de Alfabeto Ilustrado')
    expect(meta(head, 'og:price:amount')).toBe('19.90')
    expect(meta(head, 'og:price:currency')).toBe('BRL')
    expect(meta(head, 'twitter:card')).toBe('summary_large_image')
    expect(meta(head, 'og:description')).toBe('Cartelas coloridas para a alfabetização.')
    expect(meta(head, 'description')).toBe('Cartelas coloridas para a alfabetização.')
    expect(meta(head, 'og:site_name')).toBe(STORE_NAME)
    expect(meta(head, 'og:locale')).toBe('pt_BR')
  })

  it('shows the price as the screens do, and "Grátis" for a free material', () => {
    expect(meta(productHead(BASE, product({ price: '7.50' })), 'og:title')).toContain('R$')
    expect(meta(productHead(BASE, product({ price: '7.50' })), 'og:title')).toContain('7,50')
    const free = productHead(BASE, product({ isFree: true, price: '0.00' }))
    expect(meta(free, 'og:title')).toBe(`Alfabeto Ilustrado — Grátis | ${STORE_NAME}`)
  })

  it('escapes quotes, angle brackets and ampersands in the name: no tag is broken or added', () => {
    const name = `Caderno "ABC" <script>alert('x')</script> & Cia`
    const head = productHead(BASE, product({ name }))
    const plain = productHead(BASE, product())
    expect(tagsOf(head)).toHaveLength(tagsOf(plain).length)
    expect(head).not.toContain('<script>')
    expect(head).toContain('Caderno &quot;ABC&quot; &lt;script&gt;alert(&#39;x&#39;)')
    expect(head).toContain('&lt;/script&gt; &amp; Cia')
    // What a crawler shows is the name exactly as the teacher typed it.
    expect(meta(head, 'og:title')).toBe(`${name} — ${formatDecimalBRL('19.90')} | ${STORE_NAME}`)
    expect(title(head)).toBe(meta(head, 'og:title'))
  })

  it('escapes the description too, on one line, cut at 200 characters', () => {
    const long = `Linha 1 "aspas" <b>negrito</b>\n\n   Linha 2 & mais ${'x'.repeat(300)}`
    const description = meta(productHead(BASE, product({ description: long })), 'og:description')!
    expect(description).toHaveLength(200)
    expect(description.startsWith('Linha 1 "aspas" <b>negrito</b> Linha 2 & mais xxx')).toBe(true)
    expect(description.endsWith('...')).toBe(true)
    const short = meta(productHead(BASE, product({ description: '  Curta.\n' })), 'description')
    expect(short).toBe('Curta.')
  })

  it('gives no og:image to a product without a cover', () => {
    const head = productHead(BASE, product({ imageUrl: '/api/products/42/image?v=none' }))
    expect(meta(head, 'og:image')).toBeUndefined()
    expect(meta(head, 'og:price:amount')).toBe('19.90')
  })

  it('keeps the JSON-LD inside its element whatever the owner typed', () => {
    const name = `</script><script>alert(1)</script> & "x"`
    const head = productHead(BASE, product({ name, description: 'a\u2028b <!--' }))
    const blocks = head.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)
    expect(blocks).toHaveLength(1)
    const json = JSON.parse(/>([\s\S]*)<\/script>$/.exec(blocks![0]!)![1]!)
    expect(json.name).toBe(name)
    expect(json.description).toBe('a\u2028b <!--')
  })

  it('adds LearningResource with the skills it teaches, its years and kind, when it says them', () => {
    const skill = {
      code: 'EF03MA09',
      text: 'Associar o quociente…',
      anos: ['3' as const],
      componente: 'MA' as const,
    }
    const tagged = product({ bncc: ['EF03MA09'], anos: ['3'], componentes: ['MA'], tipo: 'jogo' })
    const ld = productJsonLd(BASE, tagged, 'Loja', undefined, [skill])
    expect(ld['@type']).toEqual(['Product', 'LearningResource'])
    expect(ld).toMatchObject({
      educationalAlignment: [
        {
          '@type': 'AlignmentObject',
          alignmentType: 'teaches',
          educationalFramework: 'BNCC',
          targetName: 'EF03MA09',
          targetDescription: 'Associar o quociente…',
          targetUrl: `${BASE}/bncc/EF03MA09`,
        },
      ],
      educationalLevel: ['3º ano'],
      learningResourceType: 'Jogo',
    })
    // What Product rich results need is still there.
    expect(ld).toMatchObject({ name: 'Alfabeto Ilustrado', offers: { priceCurrency: 'BRL' } })
    // A material that says nothing of it stays a plain Product.
    expect(productJsonLd(BASE, product())['@type']).toBe('Product')
  })
})

describe('skillHead', () => {
  it("titles a skill's page as a teacher searches for it, described by the official text", () => {
    const head = skillHead(
      BASE,
      {
        code: 'EF03MA09',
        text: 'Associar o quociente de uma divisão.',
        anos: ['3'],
        componente: 'MA',
      },
      'Loja',
    )
    expect(head).toContain('<title>EF03MA09: atividades e jogos | Loja</title>')
    expect(head).toContain('content="Associar o quociente de uma divisão."')
    expect(head).toContain(`<link rel="canonical" href="${BASE}/bncc/EF03MA09">`)
  })
})

describe('storeHead', () => {
  it('describes the store, at the address asked, without a picture', () => {
    const head = storeHead(BASE, '/categoria/alfabetizacao', 'automatic')
    expect(title(head)).toBe(`${STORE_NAME} — pague com PIX e baixe na hora`)
    expect(meta(head, 'og:type')).toBe('website')
    expect(meta(head, 'og:url')).toBe(`${BASE}/categoria/alfabetizacao`)
    expect(canonical(head)).toBe(`${BASE}/categoria/alfabetizacao`)
    expect(meta(head, 'og:image')).toBeUndefined()
    expect(meta(head, 'twitter:card')).toBeUndefined()
  })
})

describe('renderHead', () => {
  it('escapes the URLs it is given', () => {
    const head = renderHead({
      title: 't',
      description: 'd',
      url: `${BASE}/busca?q="><script>`,
      image: { url: `${BASE}/img?a=1&b=2`, type: 'image/jpeg', width: 1, height: 1, alt: 'a' },
    })
    expect(head).not.toContain('"><script>')
    expect(canonical(head)).toBe(`${BASE}/busca?q="><script>`)
    expect(meta(head, 'og:url')).toBe(`${BASE}/busca?q="><script>`)
    expect(meta(head, 'og:image')).toBe(`${BASE}/img?a=1&b=2`)
  })
})
