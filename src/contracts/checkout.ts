import { z } from 'zod'
import { MAX_CART_QUANTITY } from './cart.js'
import { PASSWORD_MIN } from './accounts.js'

export const EMPTY_CART_MESSAGE = 'Carrinho vazio'
export const CARD_CUSTOMER_MESSAGE = 'Preencha pelo menos nome e email.'
export const CARD_UNAVAILABLE_MESSAGE = 'Pagamento com cartão indisponível no momento'
/** A pending order is cancelled by the server after this long (SPEC.md section 9). */
export const PENDING_ORDER_TTL_MS = 24 * 60 * 60 * 1000

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
})
export type CheckoutItem = z.infer<typeof CheckoutItem>

const items = z.array(CheckoutItem, { error: EMPTY_CART_MESSAGE }).max(100).optional()

/**
 * The checkout form of a guest (SPEC.md section 5), messages verbatim. The first failing field,
 * in this order, is the `{ message }` of the 400 answer. `createAccount` is checked by default.
 */
export const GuestCustomerData = z
  .object({
    firstName: required('Nome é obrigatório', 100),
    lastName: required('Sobrenome é obrigatório', 100),
    email: email('Email é obrigatório'),
    whatsapp: required('WhatsApp é obrigatório', 40),
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
 * POST /api/checkout. `items` absent or empty: the caller's server cart is used. `customerData`
 * is read only for guests (parsed with GuestCustomerData by the server); a logged-in buyer's
 * order uses their account. Client prices and totals are not part of the schema: dropped.
 */
export const CheckoutBody = z.object({
  items,
  customerData: z.unknown().optional(),
})
export interface CheckoutRequest {
  items?: { productId: number; quantity?: number }[]
  customerData?: GuestCustomerDataInput
}

export type PaymentProviderName = 'static' | 'mercadopago' | 'demo'

/** SPEC.md section 3, "PIX payment data". */
export interface PixPaymentData {
  /** PNG of the QR code as a data URL (`data:image/png;base64,…`): usable as an <img> src. */
  qrCodeBase64: string
  /** The copy-paste code (BR Code) any Brazilian bank app accepts. */
  qrCode: string
  /** Decimal string with two places ("19.90"). */
  amount: string
  /** The provider's payment page, when there is one (Mercado Pago). */
  ticketUrl: string | null
  /** True when no PIX is configured: the customer's confirm button completes the order. */
  isDemo: boolean
  provider: PaymentProviderName
}

/** The older alternative shape, as Mercado Pago names it; base64 without the data: prefix. */
export interface PixData {
  qr_code_base64: string
  qr_code: string
}

export type OrderStatus = 'pending' | 'paid' | 'cancelled' | 'refunded'

export interface OrderLine {
  productId: number
  productName: string
  quantity: number
  unitPrice: string
}

export interface OrderSummary {
  id: string
  userId: string | null
  customerName: string
  customerEmail: string
  totalAmount: string
  status: OrderStatus
  paymentMethod: 'pix' | 'card'
  createdAt: string
  items: OrderLine[]
}

export interface CheckoutAnswer {
  order: OrderSummary
  pixPaymentData: PixPaymentData
  pixData: PixData
  /** An account was created and the buyer is now logged in (redirect after 2 s, SPEC.md section 4). */
  accountCreated: boolean
}

/** What status polling shows: a paid order is 'confirmed' (SPEC.md section 3). */
export type PolledOrderStatus = 'pending' | 'confirmed' | 'cancelled' | 'refunded'

/** GET /api/orders/:id/status and POST /api/orders/:id/confirm-payment. */
export interface OrderStatusAnswer {
  id: string
  status: PolledOrderStatus
  totalAmount: string
  /** Present while the order is pending, so a reloaded page can show the QR again. */
  pixPaymentData: PixPaymentData | null
}

export const OrderIdParams = z.object({ id: z.string().max(100) })

/** The card form (SPEC.md section 5): name, surname and e-mail, one message for all three. */
export const CardCustomer = z.object({
  firstName: required(CARD_CUSTOMER_MESSAGE, 100),
  lastName: required(CARD_CUSTOMER_MESSAGE, 100),
  email: email(CARD_CUSTOMER_MESSAGE),
  phone: z.string().trim().max(40).optional(),
})
export type CardCustomer = z.infer<typeof CardCustomer>

/** POST /api/create-order-mercadopago; `name`, `price` and `totalAmount` are ignored. */
export const CardCheckoutBody = z.object({
  items,
  customer: z.unknown().optional(),
})
export interface CardCheckoutRequest {
  items?: { productId: number; quantity?: number }[]
  customer?: z.input<typeof CardCustomer>
}

export interface CardCheckoutAnswer {
  init_point: string
  sandbox_init_point: string | null
  preferenceId: string
  orderId: string
}
