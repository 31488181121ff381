/**
 * 'Fale conosco' (Decreto 7.962/2013, art. 4º, V): a request answered at once with a protocol
 * number, and the owner's list of requests with their age (the decree's 5 days).
 */
import { z } from 'zod'

/** Days the owner has to answer (art. 4º, parágrafo único). */
export const CONTACT_ANSWER_DAYS = 5

export const ContactRequestBody = z.object({
  name: z
    .string({ error: 'Informe o seu nome' })
    .trim()
    .min(1, { error: 'Informe o seu nome' })
    .max(120, { error: 'Nome longo demais: use até 120 caracteres' }),
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

export const ContactAnswer = z.object({ protocol: z.string() })
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
