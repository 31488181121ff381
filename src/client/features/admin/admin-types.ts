// What the admin reads that src/contracts/admin.ts does not describe: the messaging integration
// (src/contracts/messaging.ts) and the creation answers of SPEC.md section 7.

export type { AdminCanvaLink, WhatsappConfig, WhatsappStatus } from '../../../contracts/messaging'

/** What a product creation answers: `{id, name}` (multipart) or `{product:{id,name}}` (base64). */
export interface CreatedAnswer {
  id?: number
  name?: string
  product?: { id: number; name?: string }
}
