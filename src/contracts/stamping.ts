import { z } from 'zod'

/** Why a buyer got the original instead of a stamped copy. */
export const StampFallbackReason = z.enum([
  'encrypted',
  'damaged',
  'not_pdf',
  'too_large',
  'timeout',
  'failed',
  'too_heavy',
])
export type StampFallbackReason = z.infer<typeof StampFallbackReason>

/** What the admin reads beside the count: 'N cópias entregues sem carimbo: motivo'. */
export const STAMP_FALLBACK_TEXT: Record<StampFallbackReason, string> = {
  encrypted: 'PDF protegido por senha',
  damaged: 'PDF danificado ou ilegível',
  not_pdf: 'o arquivo não é um PDF de verdade',
  too_large: 'arquivo maior que o limite do carimbo',
  timeout: 'o carimbo demorou demais no momento do download',
  failed: 'erro ao carimbar depois de várias tentativas',
  too_heavy: 'o PDF exigiria memória demais para carimbar (pode ser um arquivo malicioso)',
}

export const StampFallbackCount = z.object({
  productId: z.number().int(),
  reason: StampFallbackReason,
  count: z.number().int(),
})
export type StampFallbackCount = z.infer<typeof StampFallbackCount>

/** GET /api/admin/stamping/fallbacks: copies delivered without a stamp, by product and reason. */
export const StampFallbacksAnswer = z.array(StampFallbackCount)

export function stampFallbackSentence(count: number, reason: StampFallbackReason): string {
  const copies = count === 1 ? '1 cópia entregue' : `${count} cópias entregues`
  return `${copies} sem carimbo: ${STAMP_FALLBACK_TEXT[reason]}`
}
