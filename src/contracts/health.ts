import { z } from 'zod'

/** The checks of 'Saúde da loja', in the order the panel shows them. */
export const HEALTH_CHECKS = ['backup', 'messages', 'payments', 'disk', 'migrations'] as const
export type HealthCheckName = (typeof HEALTH_CHECKS)[number]

export const HEALTH_LABELS: Record<HealthCheckName, string> = {
  backup: 'Backup',
  messages: 'E-mails e WhatsApp',
  payments: 'Pagamentos',
  disk: 'Disco',
  migrations: 'Atualização do banco',
}

export const HealthCheck = z.object({
  name: z.enum(HEALTH_CHECKS),
  ok: z.boolean(),
  /** Since when it has been as it is now (ISO). */
  since: z.string(),
  /** What was found, in Portuguese, for the owner. */
  message: z.string(),
})
export type HealthCheck = z.infer<typeof HealthCheck>

/** GET /api/admin/health. */
export const HealthAnswer = z.object({ checks: z.array(HealthCheck) })
export type HealthAnswer = z.infer<typeof HealthAnswer>
