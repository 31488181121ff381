/**
 * What joins settings or explains them, over the schema of settings.ts (decision 024): the rules
 * between keys, checked by the server before a save, and the hint the admin form shows.
 */
import { settingEntry, type SettingKey, type SettingValue, type SettingValues } from './settings.js'

/** The keys a PIX provider chosen by name needs saved first, with what the owner is told. */
export const PROVIDER_NEEDS: Partial<
  Record<SettingValue<'pix_provider'>, { key: SettingKey; message: string }>
> = {
  woovi: {
    key: 'woovi_app_id',
    message: 'Cole primeiro o AppID da Woovi, depois escolha a Woovi em Quem cobra o PIX',
  },
  asaas: {
    key: 'asaas_api_key',
    message: 'Cole primeiro a chave de API da Asaas, depois escolha a Asaas em Quem cobra o PIX',
  },
}

/** The PIX providers that offer PIX Automático. */
export const PIX_AUTOMATICO_PROVIDERS: readonly SettingValue<'pix_provider'>[] = ['woovi', 'asaas']

export const PIX_AUTOMATICO_MESSAGE =
  'O PIX Automático só funciona com a Woovi ou a Asaas: escolha uma delas em Quem cobra o PIX primeiro'

/** Whether PIX Automático applies with these values: switched on, under Woovi or Asaas. */
export const pixAutomaticoOn = (values: Pick<SettingValues, 'pix_automatico' | 'pix_provider'>) =>
  values.pix_automatico && PIX_AUTOMATICO_PROVIDERS.includes(values.pix_provider)

/**
 * The rules between settings, checked with the value about to be saved in `next`: a provider is
 * chosen only once its key is saved, and the first PIX reminder comes before the second.
 * Answers the Portuguese message, or null when the values agree.
 */
export function settingsConflict(key: SettingKey, next: SettingValues): string | null {
  if (key === 'pix_provider') {
    const needed = PROVIDER_NEEDS[next.pix_provider]
    if (needed && !String(next[needed.key]).trim()) return needed.message
  }
  if (key === 'pix_automatico' && next.pix_automatico && !pixAutomaticoOn(next)) {
    return PIX_AUTOMATICO_MESSAGE
  }
  if (
    (key === 'recovery_first_minutes' || key === 'recovery_second_hours') &&
    next.recovery_first_minutes >= next.recovery_second_hours * 60
  ) {
    return 'O primeiro lembrete precisa vir antes do segundo'
  }
  return null
}

/** What the form says under a field: a range (and a number's default), then the entry's own hint. */
export function settingHint(key: SettingKey): string | undefined {
  const { type, hint, default: fallback } = settingEntry(key)
  const parts: string[] = []
  if (type.kind === 'int') {
    if (type.max !== undefined) parts.push(`de ${type.min} a ${type.max}`)
    parts.push(`padrão ${String(fallback)}`)
  }
  if (type.kind === 'token' && type.minLength !== undefined) {
    parts.push(`de ${type.minLength} a ${type.maxLength} caracteres`)
  }
  if (hint) parts.push(hint)
  return parts.length ? parts.join('; ') : undefined
}

/**
 * Which validity a PIX charged through `provider` gets: under the store's own key the owner
 * confirms each payment by hand, so it has a day of its own (pix_static_expiry_minutes); a
 * provider confirms by itself and gets pix_expiry_minutes. The checkout and the admin read it here.
 */
export function pixExpirySettingOf(
  provider: string | null | undefined,
): 'pix_static_expiry_minutes' | 'pix_expiry_minutes' {
  return provider === 'static' ? 'pix_static_expiry_minutes' : 'pix_expiry_minutes'
}

/** Why the validity in force is the one it is, as the admin's Pagamento tab says beside it. */
export function pixExpiryReasonOf(provider: string | null | undefined): string {
  return provider === 'static'
    ? 'Com a sua própria chave, é você quem confirma cada pagamento no extrato do banco: o PIX vale mais tempo para quem paga à noite não ter o pedido cancelado antes da sua conferência.'
    : 'O provedor confirma o pagamento sozinho, na hora: esta é a validade que ele recebe em cada cobrança.'
}
