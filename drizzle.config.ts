import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  // Each module owns its tables in its own file; drizzle-kit reads them all.
  schema: './src/server/modules/*/*.tables.ts',
  out: './src/server/db/migrations',
})
