import { z } from 'zod'
import { CheckoutAnswer } from './checkout.js'
import { MAX_DB_INT } from './limits.js'
import { decimalToCents } from './money.js'

/** The clube: plans that open materials while a subscription is paid. */
export const PLAN_INTERVALS = ['month', 'year'] as const
export type PlanInterval = (typeof PLAN_INTERVALS)[number]

/**
 * 'pendente' until the first payment; 'ativa' while paid; 'em_atraso' past the period's end
 * unpaid (access kept for `grace_days`); 'pausada' past that (access lost until she pays);
 * 'cancelada' (no further charge, access until the period's end); 'encerrada' (over).
 */
export const SUBSCRIPTION_STATUSES = [
  'pendente',
  'ativa',
  'em_atraso',
  'pausada',
  'cancelada',
  'encerrada',
] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

/** How each cycle is paid: a PIX e-mailed each cycle, or PIX Automático at the provider. */
export const SUBSCRIPTION_METHODS = ['pix_mensal', 'pix_automatico'] as const
export type SubscriptionMethod = (typeof SUBSCRIPTION_METHODS)[number]

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  pendente: 'Aguardando pagamento',
  ativa: 'Ativa',
  em_atraso: 'Em atraso',
  pausada: 'Pausada',
  cancelada: 'Cancelada',
  encerrada: 'Encerrada',
}

export { clubeTitle } from './clube-title.js'

const productId = z
  .number({ error: 'Produto do plano inválido' })
  .int({ error: 'Produto do plano inválido' })
  .positive({ error: 'Produto do plano inválido' })
  .max(MAX_DB_INT, { error: 'Produto do plano inválido' })

/** What a plan opens: everything, some categories (slugs), or a list of products. */
export const PlanGrants = z.union(
  [
    z.object({ all: z.literal(true) }).strict(),
    z
      .object({
        categories: z
          .array(z.string().trim().min(1).max(80))
          .min(1, { error: 'Escolha ao menos uma categoria' })
          .max(50),
      })
      .strict(),
    z
      .object({
        productIds: z.array(productId).min(1, { error: 'Escolha ao menos um material' }).max(2000),
      })
      .strict(),
  ],
  { error: 'Diga o que o plano libera: tudo, categorias ou materiais' },
)
export type PlanGrants = z.infer<typeof PlanGrants>

const price = z
  .union([z.string(), z.number()], { error: 'Informe o preço do plano' })
  .transform((v, ctx) => {
    const cents = decimalToCents(v)
    if (cents === null || cents <= 0 || cents > MAX_DB_INT) {
      ctx.addIssue({ code: 'custom', message: 'Preço do plano inválido' })
      return z.NEVER
    }
    return cents
  })

/** POST/PUT /api/admin/plans. `price` is money per interval ("29.90"). */
export const PlanInput = z.object({
  name: z
    .string({ error: 'Informe o nome do plano' })
    .trim()
    .min(2, { error: 'Informe o nome do plano' })
    .max(80, { error: 'Nome do plano muito longo' }),
  description: z.string().trim().max(2000, { error: 'Descrição muito longa' }).default(''),
  price,
  interval: z.enum(PLAN_INTERVALS, { error: "Intervalo inválido: 'month' ou 'year'" }),
  grants: PlanGrants,
  downloadsPerMaterial: z
    .number({ error: 'Downloads por material inválido' })
    .int({ error: 'Downloads por material inválido' })
    .min(1, { error: 'Downloads por material inválido' })
    .max(1000, { error: 'Downloads por material inválido' })
    .optional(),
  isActive: z.boolean().default(true),
  imageUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^(https:\/\/|\/)/, { error: 'Imagem do plano: um endereço https:// ou da loja' })
    .nullable()
    .optional(),
})
export type PlanInput = z.input<typeof PlanInput>

export const PlanIdParams = z.object({
  id: z.coerce.number({ error: 'Plano inválido' }).int().positive().max(MAX_DB_INT),
})

/** A plan as the admin reads it. */
export const AdminPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Per interval: "29.90". */
  price: z.string(),
  interval: z.enum(PLAN_INTERVALS),
  grants: PlanGrants,
  downloadsPerMaterial: z.number().int(),
  isActive: z.boolean(),
  imageUrl: z.string().nullable(),
  /** Subscriptions that still open materials (ativa, em atraso, cancelada until its end). */
  subscribers: z.number().int(),
  materials: z.number().int(),
})
export type AdminPlan = z.infer<typeof AdminPlan>

export const PlanMaterial = z.object({
  id: z.number().int(),
  name: z.string(),
  imageUrl: z.string(),
  /** Added in the last 30 days. */
  isNew: z.boolean(),
})
export type PlanMaterial = z.infer<typeof PlanMaterial>

/** GET /api/plans: the active plans, what each opens and what it costs per month. */
export const PublicPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.string(),
  interval: z.enum(PLAN_INTERVALS),
  /** The price per month ("9.90"): a yearly plan's price over 12, rounded down to the centavo. */
  monthlyPrice: z.string(),
  imageUrl: z.string().nullable(),
  downloadsPerMaterial: z.number().int(),
  materialsCount: z.number().int(),
  newCount: z.number().int(),
  sample: z.array(PlanMaterial),
})
export type PublicPlan = z.infer<typeof PublicPlan>

/** GET /api/plans/for-product/:id: the clubes that include a product (its page says so). */
export const ProductPlans = z.array(z.object({ id: z.number().int(), name: z.string() }))
export type ProductPlans = z.infer<typeof ProductPlans>

/** POST /api/subscriptions. No price: the plan's, from the database. */
export const SubscribeBody = z.object({
  planId: z.number({ error: 'Escolha um plano' }).int().positive().max(MAX_DB_INT),
  customerData: z.unknown().optional(),
  acceptTerms: z.boolean().optional(),
  taxId: z.string().max(40).optional(),
})
export type SubscribeBody = z.infer<typeof SubscribeBody>

export const SubscriptionView = z.object({
  id: z.string(),
  planId: z.number().int(),
  planName: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  method: z.enum(SUBSCRIPTION_METHODS),
  /** "29.90" per interval. */
  price: z.string(),
  interval: z.enum(PLAN_INTERVALS),
  currentPeriodEnd: z.string().nullable(),
  /** Until when she may withdraw with a refund (7 days from the first payment), or null. */
  withdrawableUntil: z.string().nullable(),
  /** The next cycle's new price she was told of, and from when. */
  nextPrice: z.string().nullable(),
  /**
   * The order of the period paid now, under which the clube's materials are granted: 'Meus
   * materiais' groups the purchases of this order as the clube's (quota per period).
   */
  clubeOrderId: z.string().nullable(),
})
export type SubscriptionView = z.infer<typeof SubscriptionView>

export const SubscribeAnswer = CheckoutAnswer.extend({ subscription: SubscriptionView })
export type SubscribeAnswer = z.infer<typeof SubscribeAnswer>

export const SubscriptionIdParams = z.object({ id: z.string().min(1).max(64) })

/** POST /api/subscriptions/:id/cancel. `withdraw`: within 7 days, the refund too (CDC art. 49). */
export const CancelSubscriptionBody = z
  .object({ withdraw: z.boolean().optional() })
  .optional()
  .transform((v) => v ?? {})

export const CancelSubscriptionAnswer = z.object({
  subscription: SubscriptionView,
  /** A withdrawal's refund: 'refunded' at once, 'pending' when the owner decides. */
  refund: z.enum(['refunded', 'pending']).nullable(),
})

/** GET /api/admin/subscriptions. */
export const AdminSubscription = z.object({
  id: z.string(),
  planId: z.number().int(),
  planName: z.string(),
  email: z.string(),
  customerName: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodEnd: z.string().nullable(),
  method: z.enum(SUBSCRIPTION_METHODS),
  price: z.string(),
  createdAt: z.string(),
  /** Each cycle: its number, order, amount and state. */
  cycles: z.array(
    z.object({
      cycle: z.number().int(),
      orderId: z.string().nullable(),
      amount: z.string(),
      status: z.string(),
    }),
  ),
})
export type AdminSubscription = z.infer<typeof AdminSubscription>

/** One calendar month of the clube (São Paulo time), oldest first in `ClubeFigures.months`. */
export const ClubeMonth = z.object({
  /** "2026-11". */
  month: z.string(),
  /** The recurring revenue per month of the subscriptions paying at the month's end (now, for this one). */
  mrr: z.string(),
  /** First payments in the month. */
  newSubscriptions: z.number().int(),
  /** Cancelled in the month (by her or the owner), withdrawals included. */
  cancelled: z.number().int(),
  /** `cancelled` over the subscriptions paying at the month's start, in percent (one decimal). */
  churnPercent: z.number(),
})
export type ClubeMonth = z.infer<typeof ClubeMonth>

/** GET /api/admin/clube/figures: this month's figures and the last six months. */
export const ClubeFigures = z.object({
  /** Monthly recurring revenue of the subscriptions paying now ("129.70"). */
  mrr: z.string(),
  active: z.number().int(),
  newThisMonth: z.number().int(),
  cancelledThisMonth: z.number().int(),
  /** Cancelled or ended this month over those active at its start, in percent (one decimal). */
  churnPercent: z.number(),
  months: z.array(ClubeMonth),
})
export type ClubeFigures = z.infer<typeof ClubeFigures>
