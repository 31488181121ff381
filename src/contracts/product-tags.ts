import { z } from 'zod'
import { AnoIdSchema, ComponenteIdSchema, TipoIdSchema } from './school-schemas.js'

/** 'Marcar selecionados' in the admin's catalogue: many products tagged in one write. */

/** More than an owner selects by hand; one transaction stays short at this size. */
export const BULK_TAGS_MAX_IDS = 500

export const BULK_TAG_MESSAGES = {
  ids: `Escolha de 1 a ${BULK_TAGS_MAX_IDS} produtos`,
  id: 'ID do produto inválido',
  nothing: 'Escolha ao menos um ano, componente ou tipo para marcar',
  mode: 'Modo inválido: use "add" (somar) ou "replace" (trocar)',
  missing: (ids: number[]) =>
    ids.length === 1
      ? `Produto não encontrado: ${ids[0]}`
      : `Produtos não encontrados: ${ids.join(', ')}`,
} as const

/**
 * POST /api/admin/products/tags. `add` joins the years and components given to those each
 * product holds; `replace` puts them in their place (a list not sent is left as it is in both).
 * The kind is one per product: given, it is set (null clears it). The years and components its
 * BNCC codes imply stay in either mode.
 */
export const BulkTagsBody = z
  .object({
    ids: z
      .array(
        z
          .number({ error: BULK_TAG_MESSAGES.id })
          .int({ error: BULK_TAG_MESSAGES.id })
          .positive({ error: BULK_TAG_MESSAGES.id })
          .max(2_147_483_647, { error: BULK_TAG_MESSAGES.id }),
        { error: BULK_TAG_MESSAGES.ids },
      )
      .min(1, { error: BULK_TAG_MESSAGES.ids })
      .max(BULK_TAGS_MAX_IDS, { error: BULK_TAG_MESSAGES.ids })
      .transform((ids) => [...new Set(ids)]),
    anos: z.array(AnoIdSchema).optional(),
    componentes: z.array(ComponenteIdSchema).optional(),
    tipo: TipoIdSchema.nullable().optional(),
    mode: z.enum(['add', 'replace'], { error: BULK_TAG_MESSAGES.mode }).default('add'),
  })
  .refine((b) => b.anos !== undefined || b.componentes !== undefined || b.tipo !== undefined, {
    error: BULK_TAG_MESSAGES.nothing,
  })
export type BulkTagsBody = z.input<typeof BulkTagsBody>
export type BulkTags = z.output<typeof BulkTagsBody>

/** The products written, in the order sent (each once). */
export const BulkTagsAnswer = z.object({ updated: z.array(z.number().int()) })
export type BulkTagsAnswer = z.infer<typeof BulkTagsAnswer>
