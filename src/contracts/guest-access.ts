import { z } from 'zod'
import { GuestPurchasesAnswer } from './downloads.js'

/** How long an e-mailed code works, and how many wrong tries it takes. */
export const GUEST_CODE_TTL_MINUTES = 15
export const GUEST_CODE_ATTEMPTS = 5

/** The one answer for every e-mail, bought here or not: the store never tells which did. */
export const GUEST_CODE_SENT_MESSAGE =
  'Se houver compras com este e-mail, enviamos um código de 6 números. Confira sua caixa de entrada (e o spam). O código vale por 15 minutos.'

export const GUEST_ACCESS_LINK_INVALID =
  'Este link de acesso expirou ou não é válido. Peça um código por e-mail ou busque com o WhatsApp usado na compra.'

const email = z
  .string({ error: 'Informe o e-mail usado na compra.' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'E-mail inválido.' }).max(200, { error: 'E-mail inválido.' }))

/** POST /api/guest-access/code */
export const GuestCodeBody = z.object({ email })
export type GuestCodeBody = z.infer<typeof GuestCodeBody>

export const GuestCodeAnswer = z.object({ success: z.literal(true), message: z.string() })
export type GuestCodeAnswer = z.infer<typeof GuestCodeAnswer>

/** POST /api/guest-access/verify: spaces in the code are forgiven (mail apps group digits). */
export const GuestVerifyBody = z.object({
  email,
  code: z
    .string({ error: 'Digite o código de 6 números.' })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { error: 'Digite o código de 6 números.' })),
})
export type GuestVerifyBody = z.infer<typeof GuestVerifyBody>

/** POST /api/guest-access/link: the token of the paid-order e-mail's button. */
export const GuestLinkBody = z.object({
  token: z
    .string({ error: GUEST_ACCESS_LINK_INVALID })
    .trim()
    .min(20, { error: GUEST_ACCESS_LINK_INVALID })
    .max(100, { error: GUEST_ACCESS_LINK_INVALID }),
})
export type GuestLinkBody = z.infer<typeof GuestLinkBody>

/**
 * POST /api/guest-access/payment-link: the token of a PIX reminder sent by WhatsApp, which opens
 * that order's payment page only.
 */
export const GuestPaymentLinkBody = GuestLinkBody
export const GuestPaymentLinkAnswer = z.object({ orderId: z.string() })
export type GuestPaymentLinkAnswer = z.infer<typeof GuestPaymentLinkAnswer>

/**
 * The answer of `verify` and `link`: the guest look-up's, with the e-mail the access is for
 * (the link's buyer typed nothing, and the page's downloads name it).
 */
export const GuestAccessAnswer = GuestPurchasesAnswer.extend({ email: z.string() })
export type GuestAccessAnswer = z.infer<typeof GuestAccessAnswer>

/**
 * GET /api/guest-access/session: what this browser's open access (a link or a code opened here
 * earlier) reaches, so 'Meus materiais' still knows her without the link in the address; null
 * when the browser holds none, or it has expired.
 */
export const GuestSessionAnswer = z.object({ access: GuestAccessAnswer.nullable() })
export type GuestSessionAnswer = z.infer<typeof GuestSessionAnswer>
