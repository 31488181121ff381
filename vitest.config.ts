import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
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
