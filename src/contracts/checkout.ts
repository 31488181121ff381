import { z } from 'zod'
import { InvoiceRequest } from './invoices.js'
import { MAX_CART_QUANTITY } from './cart.js'
import { PASSWORD_MIN, whatsappField } from './accounts.js'
import { personName } from './person-name.js'
import { AttributionField, ConsentField } from './attribution.js'

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

export const PaymentProviderName = z.enum(['static', 'mercadopago', 'woovi', 'asaas', 'demo'])
export type PaymentProviderName = z.infer<typeof PaymentProviderName>

/** The owner's words for who charged an order (a spreadsheet, a screen), never the code name. */
export const PAYMENT_PROVIDER_LABELS: Record<PaymentProviderName, string> = {
  static: 'PIX da loja',
  mercadopago: 'Mercado Pago',
  woovi: 'Woovi (OpenPix)',
  asaas: 'Asaas',
  demo: 'Demonstração',
}

/**
 * How the store charges now: a provider, demo (nothing charged, explicit), or unavailable (demo
 * was left and no payment method is configured: checkout answers 503).
 */
export const PaymentMode = z.enum([
  'mercadopago',
  'woovi',
  'asaas',
  'static',
  'demo',
  'unavailable',
])
export type PaymentMode = z.infer<typeof PaymentMode>

/** GET /api/payments/methods: what the checkout screens may offer, before a buyer types. */
export const PaymentMethods = z.object({
  pix: z.boolean(),
  card: z.boolean(),
  /** The PIX provider needs the payer's CPF or CNPJ (Asaas): the checkout asks for it. */
  taxIdRequired: z.boolean(),
  /**
   * How a PIX is confirmed: 'manual' under the store's own key (the owner looks at the bank),
   * 'automatic' when a provider confirms it by itself; every text's promise follows it
   * (delivery-promise.ts).
   */
  pixConfirmation: z.enum(['automatic', 'manual']),
  /** The store issues notas fiscais (nfse_provider is not off): 'Quero nota fiscal' is offered. */
  invoice: z.boolean().optional(),
  /**
   * The clube renews by PIX Automático (the setting on, Woovi or Asaas charging): the
   * subscription form asks the payer's CPF or CNPJ, and says the first QR code authorises the
   * renewals' debits.
   */
  pixAutomatico: z.boolean().optional(),
})
export type PaymentMethods = z.infer<typeof PaymentMethods>

/** SPEC.md section 3, "PIX payment data". */
export const PixPaymentData = z.object({
  /** PNG of the QR code as a data URL (`data:image/png;base64,…`): usable as an <img> src. */
  qrCodeBase64: z.string(),
  /** The copy-paste code (BR Code) any Brazilian bank app accepts. */
  qrCode: z.string(),
  /** Decimal string with two places ("19.90"). */
  amount: z.string(),
  /** The provider's payment page, when there is one (Mercado Pago). */
  ticketUrl: z.string().nullable(),
  /** True when no PIX is configured: the customer's confirm button completes the order. */
  isDemo: z.boolean(),
  /** 'static': the store confirms the payment by hand; the page must not promise automation. */
  provider: PaymentProviderName,
  /** Who receives the PIX, as the store configured it (static only; null otherwise). */
  recipientName: z.string().nullable(),
  /** When the charge stops being payable (ISO 8601); null for an order made before expiries. */
  expiresAt: z.string().nullable(),
})
export type PixPaymentData = z.infer<typeof PixPaymentData>

/** The older alternative shape, as Mercado Pago names it; base64 without the data: prefix. */
export const PixData = z.object({ qr_code_base64: z.string(), qr_code: z.string() })
export type PixData = z.infer<typeof PixData>

/**
 * 'awaiting_confirmation': the buyer said she paid ('Já paguei') a PIX the store confirms by
 * hand; the expiry leaves it alone until the owner marks it paid or cancels it.
 */
export const ORDER_STATUSES = [
  'pending',
  'awaiting_confirmation',
  'paid',
  'cancelled',
  'refunded',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
/** Why an order was cancelled or refunded, where it matters later (orders.closed_reason). */
export const ORDER_CLOSED_REASONS = ['expired', 'refund_request', 'admin', 'provider'] as const
export type OrderClosedReason = (typeof ORDER_CLOSED_REASONS)[number]
export const OrderStatus = z.enum(ORDER_STATUSES)

/** The words every order list and export uses for a status. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pendente',
  awaiting_confirmation: 'Aguardando confirmação',
  paid: 'Pago',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
}

export const OrderLine = z.object({
  /** Null on a clube subscription's line, which names the plan (`planId`) instead. */
  productId: z.number().int().nullable(),
  planId: z.number().int().optional(),
  productName: z.string(),
  quantity: z.number().int(),
  /** Decimal string: "19.90". */
  unitPrice: z.string(),
  /** Taken as the order bump of this product (at its offer price). */
  bumpFor: z.number().int().optional(),
})
export type OrderLine = z.infer<typeof OrderLine>

/** An order with its lines, as checkout, the customer area and the admin list it. */
export const OrderSummary = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  /** The lines' sum, before the coupon. */
  subtotalAmount: z.string(),
  discountAmount: z.string(),
  /** What the buyer pays: what the PIX charges. */
  totalAmount: z.string(),
  couponCode: z.string().nullable(),
  status: OrderStatus,
  /** The buyer said she paid and the owner has not confirmed it yet ('Aguardando confirmação'). */
  awaitingConfirmation: z.boolean(),
  /**
   * A refund under the store's own key: 'to_send' until the owner ticks the money as sent
   * ('Reembolso a enviar'), then 'sent'; null for any other order.
   */
  refundStatus: z.enum(['to_send', 'sent']).nullable(),
  paymentMethod: z.enum(['pix', 'card']),
  /** ISO 8601. */
  createdAt: z.string(),
  items: z.array(OrderLine),
})
export type OrderSummary = z.infer<typeof OrderSummary>

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

/** What status polling shows: a paid order is 'confirmed' (SPEC.md section 3). */
export const PolledOrderStatus = z.enum(['pending', 'confirmed', 'cancelled', 'refunded'])
export type PolledOrderStatus = z.infer<typeof PolledOrderStatus>

/** GET /api/orders/:id/status and POST /api/orders/:id/confirm-payment. */
export const OrderStatusAnswer = z.object({
  id: z.string(),
  status: PolledOrderStatus,
  subtotalAmount: z.string(),
  discountAmount: z.string(),
  totalAmount: z.string(),
  couponCode: z.string().nullable(),
  /** Present while the order is pending, so a reloaded page can show the QR again. */
  pixPaymentData: PixPaymentData.nullable(),
  /**
   * The buyer said she paid ('Já paguei'): the store is checking. `status` stays 'pending'
   * meanwhile, so a waiting page keeps polling until the owner confirms.
   */
  awaitingConfirmation: z.boolean(),
  /**
   * Whether 'Já paguei' may be sent now: a pending PIX, or one under the store's own key that
   * expired (the buyer may have paid late; the owner checks).
   */
  canClaimPayment: z.boolean(),
  /** When an unpaid PIX order is cancelled (ISO 8601); null when it has no PIX expiry. */
  expiresAt: z.string().nullable(),
})
export type OrderStatusAnswer = z.infer<typeof OrderStatusAnswer>

/** POST /api/webhooks/mercadopago: Mercado Pago only needs to hear that it arrived. */
export const WebhookAnswer = z.object({ received: z.literal(true) })

export const OrderIdParams = z.object({ id: z.string().max(100) })

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
