import { z } from 'zod'

/** GET /api/admin/ads/status: per ad platform, what the server sent and what failed. */
export const AdsStatus = z.array(
  z.object({
    platform: z.enum(['meta', 'ga4', 'tiktok']),
    /** Its id and server token are filled in. */
    enabled: z.boolean(),
    pending: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    lastSent: z
      .object({ orderId: z.string(), kind: z.enum(['purchase', 'refund']), at: z.string() })
      .nullable(),
    failures: z.array(
      z.object({
        orderId: z.string(),
        kind: z.enum(['purchase', 'refund']),
        /** Given up (true), or still to be tried again. */
        final: z.boolean(),
        attempts: z.number().int(),
        message: z.string(),
        at: z.string(),
      }),
    ),
  }),
)
export type AdsStatus = z.infer<typeof AdsStatus>

/**
 * Where each browser pixel loads its script from and sends its hits to: the page's
 * Content-Security-Policy lets these in only for the platforms the shop filled in (and the
 * browser loads them only after 'Aceitar').
 */
export const PIXEL_SOURCES = {
  meta: {
    script: ['https://connect.facebook.net'],
    connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
  },
  ga4: {
    script: ['https://www.googletagmanager.com'],
    connect: [
      'https://www.google-analytics.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    ],
  },
  tiktok: {
    script: ['https://analytics.tiktok.com'],
    connect: ['https://analytics.tiktok.com', 'https://*.tiktok.com'],
  },
} as const
