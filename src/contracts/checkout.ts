import { z } from 'zod'
import { InvoiceRequest } from './invoices.js'
import { MAX_CART_QUANTITY } from './cart.js'
import { PASSWORD_MIN, whatsappField } from './accounts.js'
import { personName } from './person-name.js'
import { AttributionField, ConsentField } from './attribution.js'
import { PixData, PixPaymentData } from './payment-methods.js'
import { OrderSummary } from './order-status.js'

// The checkout's requests (the guest's form, the card form) and answers; the payment and order
// shapes they carry live in payment-methods.ts and order-status.ts, re-exported here for the
// many screens and routes that import them with the checkout's.
export {
  PAYMENT_PROVIDER_LABELS,
  PaymentMethods,
  PaymentMode,
  PaymentProviderName,
  PixData,
  PixPaymentData,
} from './payment-methods.js'
export {
  ORDER_CLOSED_REASONS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  OrderIdParams,
  OrderLine,
  OrderStatus,
  OrderStatusAnswer,
  OrderSummary,
  PolledOrderStatus,
  type OrderClosedReason,
} from './order-status.js'

export const EMPTY_CART_MESSAGE = 'Carrinho vazio'
export const CARD_CUSTOMER_MESSAGE = 'Preencha pelo menos nome e email.'
export const CARD_UNAVAILABLE_MESSAGE = 'Pagamento com cartão indisponível no momento'
/** Checkout (PIX and card) when the store left demo mode and has no payment method now. */
export const PAYMENT_UNAVAILABLE_MESSAGE =
  'Pagamento indisponível no momento: a loja está configurando as formas de pagamento. Tente novamente mais tarde ou fale com a loja pelo WhatsApp.'
/** A demo order arrived just as the owner left demo mode: the buyer tries again, and is charged. */
export const PAYMENT_MODE_CHANGED_MESSAGE =
  'A forma de pagamento da loja acabou de mudar. Confira o pedido e finalize a compra de novo.'
export { PENDING_ORDER_TTL_MS } from './limits.js'

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message })

const email = (missing: string) =>
  required(missing, 200)
    .pipe(z.email({ error: 'Email inválido' }))
    .transform((v) => v.toLowerCase())

/** One line of a checkout; anything else the client sends (name, price) is ignored. */
export const CheckoutItem = z.object({
  productId: z.coerce
    .number({ error: 'ID do produto inválido' })
    .int({ error: 'ID do produto inválido' })
    .positive({ error: 'ID do produto inválido' })
    .max(2_147_483_647, { error: 'ID do produto inválido' }),
  quantity: z.coerce
    .number({ error: 'Quantidade inválida' })
    .int({ error: 'Quantidade inválida' })
    .min(1, { error: 'Quantidade inválida' })
    .max(MAX_CART_QUANTITY, { error: `Quantidade máxima: ${MAX_CART_QUANTITY}` })
    .default(1),
  /**
   * Taken as the order bump of this product: charged its offer price only when that product is
   * in the same order, else its normal price.
   */
  bumpFor: z.coerce.number().int().positive().max(2_147_483_647).optional(),
})
export type CheckoutItem = z.infer<typeof CheckoutItem>

/** What both order requests carry: absent or empty `items`, the caller's server cart is used. */
const OrderRequest = z.object({
  items: z.array(CheckoutItem, { error: EMPTY_CART_MESSAGE }).max(100).optional(),
  /** A coupon's code; its rules are checked in the order's own transaction. */
  couponCode: z.string().trim().max(40).optional(),
  /** Where the buyer came from (contracts/attribution.ts): unknown keys dropped, never a 400. */
  attribution: AttributionField,
  /** The cookie banner's answer: personal data goes to the ad platforms only with `ads: true`. */
  consent: ConsentField,
})

/** Who pays, as both checkout forms ask it first; each form says its own messages. */
const buyer = (missing: { firstName: string; lastName: string; email: string }) =>
  z.object({
    // SPEC's message for a missing name also answers one too long, as before.
    firstName: personName({ missing: missing.firstName, tooLong: missing.firstName }),
    lastName: personName({ missing: missing.lastName, tooLong: missing.lastName }),
    email: email(missing.email),
  })

/**
 * The checkout form of a guest (SPEC.md section 5), messages verbatim. The first failing field,
 * in this order, is the `{ message }` of the 400 answer. `createAccount` is checked by default.
 */
export const GuestCustomerData = buyer({
  firstName: 'Nome é obrigatório',
  lastName: 'Sobrenome é obrigatório',
  email: 'Email é obrigatório',
})
  .extend({
    whatsapp: whatsappField('WhatsApp é obrigatório'),
    address: z.string().trim().max(300).optional(),
    password: z.string().max(200).optional(),
    createAccount: z.boolean().default(true),
    acceptTerms: z.boolean().optional(),
  })
  .superRefine((data, ctx) => {
    if (data.createAccount && !data.password) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: 'Senha é obrigatória para criar conta',
      })
    } else if (data.createAccount && data.password!.length < PASSWORD_MIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: 'Senha deve ter pelo menos 6 caracteres',
      })
    }
    if (data.acceptTerms !== true) {
      ctx.addIssue({
        code: 'custom',
        path: ['acceptTerms'],
        message: 'Você deve aceitar os termos e condições',
      })
    }
  })
export type GuestCustomerData = z.infer<typeof GuestCustomerData>
export type GuestCustomerDataInput = z.input<typeof GuestCustomerData>

/**
 * POST /api/checkout. `customerData` is read only for guests; a logged-in buyer's order uses
 * their account. Client prices and totals are not part of the schema: dropped.
 */
export const CheckoutRequest = OrderRequest.extend({
  customerData: GuestCustomerData.optional(),
  /**
   * The payer's CPF or CNPJ as typed. Asked, required and checked (`TaxIdField`) only while the
   * PIX provider needs it (`PaymentMethods.taxIdRequired`: Asaas), else ignored; it goes to the
   * provider with the charge and is not stored by the store (decision 017, "Asaas").
   */
  taxId: z.string().max(40, { error: 'CPF inválido' }).optional(),
  /** 'Quero receber novidades e promoções por e-mail', ticked (absent: no consent). */
  newsletter: z.boolean().optional(),
  /** 'Quero nota fiscal' (invoices.ts): stored with the order only when sent. */
  invoice: InvoiceRequest.optional(),
})
export type CheckoutRequest = z.input<typeof CheckoutRequest>
/**
 * The same body as the server takes it: `customerData` and `invoice` are parsed later (the
 * guest's data only for a guest), so their messages name their fields.
 */
export const CheckoutBody = CheckoutRequest.extend({
  customerData: z.unknown().optional(),
  invoice: z.unknown().optional(),
})

/** POST /api/checkout (201). */
export const CheckoutAnswer = z.object({
  order: OrderSummary,
  /** Null when a coupon took the whole amount: the order is already paid (`order.status`). */
  pixPaymentData: PixPaymentData.nullable(),
  pixData: PixData.nullable(),
  /** An account was created and the buyer is now logged in (redirect after 2 s, SPEC.md section 4). */
  accountCreated: z.boolean(),
  /**
   * An account was asked for, but the e-mail already has one: the order went through as a guest
   * order, which the account sees once its owner logs in ('Entrar').
   */
  accountExists: z.boolean().optional(),
})
export type CheckoutAnswer = z.infer<typeof CheckoutAnswer>
/** POST /api/webhooks/mercadopago: Mercado Pago only needs to hear that it arrived. */
export const WebhookAnswer = z.object({ received: z.literal(true) })

/** The card form (SPEC.md section 5): name, surname and e-mail, one message for all three. */
export const CardCustomer = buyer({
  firstName: CARD_CUSTOMER_MESSAGE,
  lastName: CARD_CUSTOMER_MESSAGE,
  email: CARD_CUSTOMER_MESSAGE,
}).extend({ phone: z.string().trim().max(40).optional() })
export type CardCustomer = z.infer<typeof CardCustomer>

/**
 * POST /api/create-order-mercadopago; `name`, `price` and `totalAmount` are ignored. A logged-in
 * buyer's `customer` may be incomplete: their account fills it in.
 */
export const CardCheckoutRequest = OrderRequest.extend({ customer: CardCustomer.optional() })
export type CardCheckoutRequest = z.input<typeof CardCheckoutRequest>
/** The same body as the server takes it: `customer` is parsed later, against the account. */
export const CardCheckoutBody = CardCheckoutRequest.extend({ customer: z.unknown().optional() })

/** POST /api/create-order-mercadopago (201): where to send the buyer to pay. */
export const CardCheckoutAnswer = z.object({
  init_point: z.string(),
  sandbox_init_point: z.string().nullable(),
  preferenceId: z.string(),
  orderId: z.string(),
})
export type CardCheckoutAnswer = z.infer<typeof CardCheckoutAnswer>
