/** A provider's webhook as it arrived, for its provider to check and read (payments, notas). */
export interface WebhookInput {
  query: Record<string, unknown>
  headers: Record<string, string | string[] | undefined>
  body: unknown
}
