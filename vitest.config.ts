import { defineConfig } from 'vitest/config'
import { clientAliases } from './vite.config'

export default defineConfig({
  // The server renderer's tests draw the pages from source, on the framework the build uses.
  resolve: { alias: clientAliases },
  test: {
    // Packages that import React are run through the aliases too, not loaded by Node as they are.
    server: {
      deps: {
        inline: [
          /wouter/,
          /@tanstack/,
          /@radix-ui/,
          /react-hook-form/,
          /@hookform/,
          /use-sync-external-store/,
        ],
      },
    },
    include: ['src/**/*.test.ts', 'eslint/**/*.test.ts'],
    pool: 'forks',
    // Both cores: vitest's default leaves one for its own process, which sits mostly idle while
    // the files run (measured: 15 files in 100 s with one worker, 76 s with two).
    maxWorkers: 2,
    // The schema migrated once for the run; each test store starts from a copy of it.
    globalSetup: ['src/server/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
