import { z } from 'zod'

export const UPDATE_NOTE_MAX = 500

export const UPDATE_MESSAGES = {
  already: 'Esta versão do material já foi anunciada aos compradores.',
  noFiles: 'Este material não tem arquivos: envie os novos arquivos antes de avisar.',
} as const

/** POST /api/admin/products/:id/notify-update: what changed, in the owner's words (optional). */
export const NotifyUpdateBody = z.object({
  note: z
    .string()
    .trim()
    .max(UPDATE_NOTE_MAX, { error: `O recado pode ter no máximo ${UPDATE_NOTE_MAX} letras` })
    .default(''),
})
export type NotifyUpdateBody = z.infer<typeof NotifyUpdateBody>

/** How many buyers (distinct e-mails) will be told; the messages go out in the background. */
export const NotifyUpdateAnswer = z.object({ notified: z.number().int() })
export type NotifyUpdateAnswer = z.infer<typeof NotifyUpdateAnswer>
