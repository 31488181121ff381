import { config } from 'zod/v4/core'

// The store's Content-Security-Policy has no 'unsafe-eval' (docs/decisions/012): zod would
// otherwise probe `new Function` (a reported violation) to compile its object parsers. It reads
// this when each schema is built, so main.tsx imports this module before any other. Only zod's
// core config is imported here: the home page loads no schema, and so no zod.
config({ jitless: true })
