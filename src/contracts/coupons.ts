import { z } from 'zod'
import { CheckoutItem } from './checkout.js'
import { MAX_DB_INT } from './limits.js'
import { decimalToCents } from './money.js'

export const COUPON_TYPES = ['percent', 'fixed'] as const
export type CouponType = (typeof COUPON_TYPES)[number]

/** What the buyer sees for each refusal; the checkout answers the same words. */
export const COUPON_MESSAGES = {
  /**
   * Every code that cannot be used now: unknown, inactive, not yet valid, expired, sold out.
   * One answer (and one status) for all, so guessing codes does not tell which exist.
   * Codes that exist but not for this cart keep their own reasons below: the buyer can
   * act on them, and they are reached only with a code that works.
   */
  unusable: 'Cupom inválido',
  perEmail: 'Você já usou este cupom o máximo de vezes permitido',
  /** `MAX_PENDING_USES_PER_EMAIL` reached on a coupon with limited uses. */
  pendingHeld:
    'Você já tem pedidos aguardando pagamento com este cupom: pague um deles ou espere o PIX expirar',
  noProducts: 'Este cupom não vale para os produtos do pedido',
  applied: 'Cupom aplicado',
} as const

/** A code as buyers type it: trimmed, compared without case. */
export const CouponCode = z
  .string({ error: 'Informe o código do cupom' })
  .trim()
  .min(1, { error: 'Informe o código do cupom' })
  .max(40, { error: 'Código do cupom muito longo' })

const money = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const cents = decimalToCents(v)
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: 'Valor inválido' })
    return z.NEVER
  }
  return cents
})

const optionalDate = z.iso
  .datetime({ offset: true, error: 'Data inválida' })
  .nullable()
  .optional()
  .transform((v) => (v ? new Date(v) : null))

const optionalCount = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(1_000_000, { error: message })
    .nullable()
    .optional()
    .transform((v) => v ?? null)

/**
 * POST/PUT /api/admin/coupons. `value` is 1–100 for a percent coupon and money ("10.00") for a
 * fixed one; `minAmount` is money. Empty `productIds`: every product.
 */
export const CouponInput = z
  .object({
    code: CouponCode.regex(/^[A-Za-z0-9_-]+$/, {
      error: 'Use só letras, números, hífen e sublinhado no código',
    }),
    type: z.enum(COUPON_TYPES, { error: 'Tipo de cupom inválido' }),
    value: z.union([z.string(), z.number()], { error: 'Informe o valor do desconto' }),
    minAmount: money.nullable().optional(),
    startsAt: optionalDate,
    endsAt: optionalDate,
    maxUses: optionalCount('Limite de usos inválido'),
    maxUsesPerEmail: optionalCount('Limite por e-mail inválido'),
    productIds: z
      .array(
        z
          .number({ error: 'Produto do cupom inválido' })
          .int({ error: 'Produto do cupom inválido' })
          .positive({ error: 'Produto do cupom inválido' })
          .max(MAX_DB_INT, { error: 'Produto do cupom inválido' }),
      )
      .max(200)
      .default([]),
    isActive: z.boolean().default(true),
    /** 'Avisar quem favoritou': e-mailed to the accounts that hearted what it covers. */
    announceToFavorites: z.boolean().default(false),
  })
  .transform((data, ctx) => {
    let value: number | null
    if (data.type === 'percent') {
      const n = Number(data.value)
      value = Number.isInteger(n) && n >= 1 && n <= 100 ? n : null
      if (value === null) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'Percentual entre 1 e 100' })
      }
    } else {
      value = decimalToCents(data.value)
      if (!value) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'Valor do desconto inválido' })
      }
    }
    if (data.startsAt && data.endsAt && data.endsAt <= data.startsAt) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'O fim deve ser depois do início' })
    }
    return {
      ...data,
      code: data.code.toUpperCase(),
      value: value ?? 0,
      minAmount: data.minAmount ?? null,
      productIds: [...new Set(data.productIds)],
    }
  })
export type CouponInput = z.input<typeof CouponInput>
export type CouponFields = z.output<typeof CouponInput>

/** A coupon as the admin lists it, with its report. */
export const AdminCoupon = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.enum(COUPON_TYPES),
  /** Percent (1–100) as text, or money ("10.00"). */
  value: z.string(),
  minAmount: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerEmail: z.number().int().nullable(),
  productIds: z.array(z.number().int()),
  isActive: z.boolean(),
  announceToFavorites: z.boolean(),
  /** Uses held now (pending and paid orders). */
  usesHeld: z.number().int(),
  /** Paid orders that used it. */
  uses: z.number().int(),
  /** Discount given on those paid orders. */
  discountGiven: z.string(),
  /** What those paid orders brought in. */
  revenue: z.string(),
})
export type AdminCoupon = z.infer<typeof AdminCoupon>

export const CouponIdParams = z.object({
  id: z.coerce
    .number({ error: 'Cupom não encontrado' })
    .int({ error: 'Cupom não encontrado' })
    .positive({ error: 'Cupom não encontrado' })
    .max(MAX_DB_INT, { error: 'Cupom não encontrado' }),
})

/** POST /api/coupons/validate. */
export const CouponValidateRequest = z.object({
  code: CouponCode,
  items: z.array(CheckoutItem).min(1, { error: 'Carrinho vazio' }).max(100),
})
export type CouponValidateRequest = z.input<typeof CouponValidateRequest>

export const CouponValidateAnswer = z.object({
  valid: z.boolean(),
  code: z.string(),
  subtotalAmount: z.string(),
  discountAmount: z.string(),
  totalAmount: z.string(),
  message: z.string(),
})
export type CouponValidateAnswer = z.infer<typeof CouponValidateAnswer>
