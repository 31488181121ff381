/**
 * Lighthouse (the npm package, its default mobile profile: Moto G Power, 4× CPU slowdown,
 * slow 4G) on Debian's Chromium against the built store with the demo catalogue: each
 * category's score, and the metrics the issue names, for the home page and a product page.
 * A report, not a test: nothing here fails on a score.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startServer } from './server-process.js'

const dataDir = await mkdtemp(path.join(tmpdir(), 'loja-bench-lh-'))
const store = await startServer({ DATA_DIR: dataDir })
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
})

try {
  for (const [label, url] of [
    ['home', `${store.baseUrl}/`],
    ['product', `${store.baseUrl}/produto/1`],
  ] as const) {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' })
    if (!result) throw new Error(`lighthouse gave no result for ${url}`)
    const { categories, audits } = result.lhr
    const scores = Object.values(categories)
      .map((c) => `${c.title}: ${Math.round((c.score ?? 0) * 100)}`)
      .join(' · ')
    console.log(`${label} (${url})`)
    console.log(`  ${scores}`)
    const metric = (id: string) => audits[id]?.displayValue ?? '?'
    console.log(
      `  LCP ${metric('largest-contentful-paint')} · CLS ${metric('cumulative-layout-shift')} · TBT ${metric('total-blocking-time')} · FCP ${metric('first-contentful-paint')}`,
    )
    const failing = Object.values(categories.accessibility?.auditRefs ?? [])
      .map((ref) => audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a!.id)
    if (failing.length) console.log(`  accessibility audits failing: ${failing.join(', ')}`)
  }
  console.log('targets: performance ≥ 95 (product), 98 kept (home); CLS < 0.05; accessibility 100')
} finally {
  await chrome.kill()
  store.child.kill('SIGTERM')
  await rm(dataDir, { recursive: true, force: true })
}
