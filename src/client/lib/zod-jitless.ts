import { z } from 'zod'

// The store's Content-Security-Policy has no 'unsafe-eval' (docs/decisions/012): zod would
// otherwise probe `new Function` (a reported violation) to compile its object parsers. It reads
// this when each schema is built, so main.tsx imports this module before any other.
z.config({ jitless: true })
