/** What the store says about itself: health for the load balancer, security for the header. */
import { z } from 'zod'

/** GET /healthz when the database answers (503 with an ErrorAnswer when it does not). */
export const HealthAnswer = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
})

/** GET /api/security/status: the header's padlock. */
export const SecurityStatus = z.object({ secure: z.boolean(), https: z.boolean() })
export type SecurityStatus = z.infer<typeof SecurityStatus>

/**
 * GET /readyz: whether this instance should get traffic: the database, and Redis and the
 * object storage when configured, each answer; 503 while any does not, or while it shuts down.
 */
export const ReadyAnswer = z.object({
  status: z.enum(['ok', 'unavailable', 'shutting_down']),
  message: z.string().optional(),
  checks: z.record(z.string(), z.enum(['ok', 'failed'])),
})
