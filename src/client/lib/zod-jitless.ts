// The store's Content-Security-Policy has no 'unsafe-eval' (docs/decisions/012): zod would
// otherwise probe `new Function` (a reported violation) to compile its object parsers. zod's
// core keeps its settings in `globalThis.__zod_globalConfig` and adopts an object already there
// (zod/v4/core/core.js), so setting it here, before any schema is built, is `config({ jitless:
// true })` without importing zod: the home page loads no schema, and so no zod at all.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> }
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true }

export {}
