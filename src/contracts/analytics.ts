import { z } from 'zod'
import { MostFavorited } from './favorites.js'

/** The shop's time zone: the dashboard's days start and end at its midnight. */
export const STORE_TIME_ZONE = 'America/Sao_Paulo'

/** The funnel's steps, in the buyer's order. */
export const FUNNEL_STEPS = [
  'visits',
  'productViews',
  'addToCart',
  'checkoutStarted',
  'pixGenerated',
  'paid',
] as const
export type FunnelStep = (typeof FUNNEL_STEPS)[number]

const day = (field: string) =>
  z
    .string({ error: `${field}: use AAAA-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${field}: use AAAA-MM-DD` })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), {
      error: `${field}: data inválida`,
    })

/** A period of whole days in the store's time zone, both ends included (at most 2 years). */
export const PeriodQuery = z
  .object({ from: day('from'), to: day('to') })
  .refine((p) => p.from <= p.to, { error: 'O início do período é depois do fim', path: ['from'] })
  .refine((p) => Date.parse(p.to) - Date.parse(p.from) <= 731 * 86_400_000, {
    error: 'Período longo demais (máximo de 2 anos)',
    path: ['to'],
  })
export type PeriodQuery = z.infer<typeof PeriodQuery>

/** Money is a decimal string ("19.90") everywhere in these figures. */
export const SalesTotals = z.object({
  /** Paid orders whose payment fell in the period (refunded ones no longer count). */
  orders: z.number().int(),
  revenue: z.string(),
  averageTicket: z.string(),
  /** Orders paid in the period and refunded since, and the money given back. */
  refunds: z.number().int(),
  refundedAmount: z.string(),
})
export type SalesTotals = z.infer<typeof SalesTotals>

/** GET /api/admin/analytics/sales?from=&to= */
export const SalesAnalytics = z.object({
  from: z.string(),
  to: z.string(),
  /** The period of the same length just before, which `previous` measures. */
  previousFrom: z.string(),
  previousTo: z.string(),
  series: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue: z.string() })),
  totals: SalesTotals,
  previous: SalesTotals,
  bySource: z.array(
    z.object({
      source: z.string(),
      medium: z.string(),
      campaign: z.string(),
      orders: z.number().int(),
      revenue: z.string(),
    }),
  ),
  byProduct: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      orders: z.number().int(),
      revenue: z.string(),
    }),
  ),
  byCoupon: z.array(
    z.object({
      code: z.string(),
      orders: z.number().int(),
      revenue: z.string(),
      discount: z.string(),
    }),
  ),
  byBump: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      taken: z.number().int(),
      revenue: z.string(),
    }),
  ),
  /** 'Mais favoritados': hearts of accounts (a guest's stay in her browser, uncounted). */
  mostFavorited: MostFavorited,
  funnel: z.object({
    visits: z.number().int(),
    productViews: z.number().int(),
    addToCart: z.number().int(),
    checkoutStarted: z.number().int(),
    pixGenerated: z.number().int(),
    paid: z.number().int(),
  }),
})
export type SalesAnalytics = z.infer<typeof SalesAnalytics>
