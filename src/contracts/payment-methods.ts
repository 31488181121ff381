import { z } from 'zod'

// How the store charges: the providers' names and the owner's words for them, the mode it
// charges in now, what the checkout screens may offer, and a PIX's payment data as the buyer
// gets it (the QR code, the copy-paste code, the expiry).

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
