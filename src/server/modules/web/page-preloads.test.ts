import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { writeBuiltClient } from '../../testing/built-client.js'
import { pagePreloads, preloadTags } from './page-preloads.js'

// A manifest shaped as Vite writes it: the entry, a shared framework chunk, the route table and
// a page whose chunks import one another (and the entry's).
const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework-1.js'] },
  '_framework-1.js': { file: 'assets/framework-1.js', imports: ['_runtime-1.js'] },
  '_runtime-1.js': { file: 'assets/runtime-1.js' },
  'src/client/other-routes.tsx': { file: 'assets/other-routes-1.js', imports: ['index.html'] },
  'src/client/pages/product.page.tsx': {
    file: 'assets/product.page-1.js',
    imports: ['_framework-1.js', '_stars-1.js', '_cart-1.js'],
  },
  '_stars-1.js': { file: 'assets/stars-1.js', imports: ['_cart-1.js'] },
  '_cart-1.js': { file: 'assets/cart-1.js', imports: ['_stars-1.js', 'style.css'] },
  'style.css': { file: 'assets/style-1.css' },
}

const client = await writeBuiltClient()
afterAll(() => client.remove())

describe('the chunks a drawn page is taken over with', () => {
  it('links each chunk of the page once, not those index.html links, nor stylesheets', () => {
    const tags = preloadTags(manifest, [
      'src/client/other-routes.tsx',
      'src/client/pages/product.page.tsx',
    ])
    expect(tags.match(/href="[^"]+"/g)).toEqual([
      'href="/assets/other-routes-1.js"',
      'href="/assets/product.page-1.js"',
      'href="/assets/stars-1.js"',
      'href="/assets/cart-1.js"',
    ])
    expect(tags).toContain('<link rel="modulepreload" crossorigin href="/assets/stars-1.js">')
  })

  it('reads the build’s manifest, and names nothing without one', async () => {
    expect(pagePreloads(client.dir)).toEqual({
      product: '',
      clube: '',
      bncc: '',
      bnccIndex: '',
      home: '',
    })
    await mkdir(path.join(client.dir, '.vite'))
    await writeFile(path.join(client.dir, '.vite', 'manifest.json'), JSON.stringify(manifest))
    const tags = pagePreloads(client.dir)
    expect(tags.product).toContain('/assets/product.page-1.js')
    expect(tags.clube).toContain('/assets/other-routes-1.js')
    expect(tags.clube).not.toContain('product.page')
    expect(tags.home).toContain(
      '<link rel="prefetch" crossorigin href="/assets/product.page-1.js">',
    )
  })
})
