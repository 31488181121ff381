/**
 * 'Fale conosco' (Decreto 7.962/2013, art. 4º, V): a request answered at once with a protocol
 * number, and the owner's list of requests with their age (the decree's 5 days).
 */
import { z } from 'zod'
import { personName } from './person-name.js'

/** Days the owner has to answer (art. 4º, parágrafo único). */
export const CONTACT_ANSWER_DAYS = 5

/** Receipts e-mailed to one address in 24 hours, however many machines ask. */
export const CONTACT_COPIES_PER_DAY = 3

export const ContactRequestBody = z.object({
  // Single-line: the name is printed inside the owner's e-mail, where a line break in it
  // would forge lines of its own ('Bcc: …', 'De: …').
  name: personName(
    { missing: 'Informe o seu nome', tooLong: 'Nome longo demais: use até 120 caracteres' },
    120,
  ),
  email: z
    .string({ error: 'Informe o seu e-mail' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'E-mail inválido' }).max(200, { error: 'E-mail inválido' })),
  orderId: z
    .string()
    .trim()
    .max(40, { error: 'Número do pedido inválido' })
    .regex(/^[A-Za-z0-9#-]*$/, { error: 'Número do pedido inválido' })
    .optional(),
  message: z
    .string({ error: 'Escreva a sua mensagem' })
    .trim()
    .min(5, { error: 'Escreva a sua mensagem' })
    .max(4000, { error: 'Mensagem longa demais: use até 4000 caracteres' }),
})
export type ContactRequestBody = z.input<typeof ContactRequestBody>

/**
 * The copy to the sender is a receipt (protocol and date, nothing she typed: anyone may type
 * any address), and at most CONTACT_COPIES_PER_DAY go to one address a day; `copySent` says
 * whether this one went, so the screen says what the store did.
 */
export const ContactAnswer = z.object({ protocol: z.string(), copySent: z.boolean() })
export type ContactAnswer = z.infer<typeof ContactAnswer>

export const AdminContactRequest = z.object({
  protocol: z.string(),
  name: z.string(),
  email: z.string(),
  orderId: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
  /** Whole days since it came in. */
  ageDays: z.number(),
  /** Older than CONTACT_ANSWER_DAYS: flagged on the overview. */
  overdue: z.boolean(),
})
export type AdminContactRequest = z.infer<typeof AdminContactRequest>
