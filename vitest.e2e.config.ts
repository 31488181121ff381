import { defineConfig } from 'vitest/config'

/**
 * The journeys share one built server (global setup), so what one leaves (a plan on sale, a
 * product switched off, a setting) is what the next finds: they run in this order, the same on
 * every machine, instead of an order that changes with vitest's cache of durations. Files not
 * listed run after these, by name.
 */
const ORDER = [
  'admin-nav',
  'manual-pix',
  'promises',
  'first-hour',
  'deploy',
  'admin',
  'storefront',
  'ad-pixels',
  'checkout-resilience',
  'backup-restore',
  'clube',
  'hydration',
  'whatsapp',
  'sell-more',
  'newsletters',
  'downloads',
  'checkout',
  'reviews',
  'sales-dashboard',
  'email-access',
  'payment-mode',
  'accounts',
  'email-verification',
  'refunds',
  'password-reset',
  'accessibility',
  'nfse',
  'my-data',
  'favorites',
  'previews',
  'plain-words',
  'framework',
]

const rank = (file: { moduleId: string }) => {
  const at = ORDER.findIndex((name) => file.moduleId.endsWith(`/e2e/${name}.test.ts`))
  return at < 0 ? ORDER.length : at
}

// Browser journeys: Debian's Chromium driven by playwright-core, files one after another so
// two browsers never fight over two cores.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    sequence: {
      sequencer: class {
        async sort<F extends { moduleId: string }>(files: F[]): Promise<F[]> {
          return [...files].sort(
            (a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId),
          )
        }
        async shard<F>(files: F[]): Promise<F[]> {
          return files
        }
      } as never,
    },
  },
})
