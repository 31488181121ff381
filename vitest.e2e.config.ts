import { defineConfig } from 'vitest/config'

// Browser journeys: one built server for the run (global setup), Debian's Chromium driven by
// playwright-core, files one after another so two browsers never fight over two cores.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
