import type { AdminSetting } from '../../../contracts/admin.js'
import { PROVIDER_NEEDS, settingsConflict } from '../../../contracts/setting-rules.js'
import {
  isSecretSetting,
  isSettingKey,
  parseSetting,
  type SettingKey,
  type SettingValues,
} from '../../../contracts/settings.js'
import { AppError } from '../../errors.js'
import { checkOutboundUrl, RefusedAddressError } from '../../lib/outbound-address.js'
import type { SettingsService } from '../settings/settings.service.js'

const MASK = '••••'

/** '••••1234': enough for the owner to recognise the key, useless to anyone reading over them. */
export function maskSecret(value: string): string {
  if (!value) return ''
  return value.length > 8 ? `${MASK}${value.slice(-4)}` : MASK
}

const bad = (message: string) => new AppError('bad_request', message)

/**
 * Whether saving `key` gives the store a way to charge, which ends demo mode for good: a PIX
 * key, or a provider chosen by name together with its saved key (only the admin's switch brings
 * demo back; clearing the key later gives checkout a 503, never free orders).
 */
function chargesNow(key: SettingKey, next: SettingValues): boolean {
  if (key === 'pix_key') return next.pix_key.trim() !== ''
  const needed = PROVIDER_NEEDS[next.pix_provider]
  if (!needed) return false
  return key === 'pix_provider' || (key === needed.key && String(next[key]).trim() !== '')
}

/**
 * The settings naming an address the store itself connects to, and what the owner reads when
 * it may not: the outbound-address rule (lib/outbound-address.ts, decision 007).
 */
const OUTBOUND_SETTINGS = {
  evolution_api_url: { what: 'URL da API não permitida', service: 'uma Evolution API' },
  smtp_url: { what: 'Servidor SMTP não permitido', service: 'um servidor SMTP' },
} as const satisfies Partial<Record<SettingKey, { what: string; service: string }>>

const isOutbound = (key: SettingKey): key is keyof typeof OUTBOUND_SETTINGS =>
  key in OUTBOUND_SETTINGS

/**
 * An address typed in a setting may not lead the store's own requests to link-local or
 * metadata addresses, nor to loopback or private networks unless ALLOW_PRIVATE_INTEGRATIONS.
 * Every address the name resolves to is checked; a name that does not resolve yet is saved,
 * and checked again at every connection like the others.
 */
async function checkIntegrationUrl(
  key: keyof typeof OUTBOUND_SETTINGS,
  value: string,
  allowPrivate: boolean,
): Promise<void> {
  const { what, service } = OUTBOUND_SETTINGS[key]
  try {
    await checkOutboundUrl(value, allowPrivate)
  } catch (error) {
    if (!(error instanceof RefusedAddressError)) throw error
    if (error.kind === 'never') {
      throw bad(`${what}: endereços link-local e de metadados (169.254.x.x) nunca são aceitos`)
    }
    if (error.kind === 'private') {
      throw bad(
        `${what}: aponta para esta máquina ou uma rede privada. Para ${service} na mesma máquina ou rede, o servidor precisa de ALLOW_PRIVATE_INTEGRATIONS=1`,
      )
    }
  }
}

/**
 * The settings tab: every setting with its id, secrets masked; one key saved at a time, checked
 * by the contract's schema (types, ranges, messages) and its rules between settings.
 */
export function createAdminSettings(
  settings: SettingsService,
  opts: { allowPrivateIntegrations: boolean } = { allowPrivateIntegrations: false },
) {
  async function list(): Promise<AdminSetting[]> {
    const rows = await settings.rows()
    return rows.map((row) =>
      isSecretSetting(row.key) ? { ...row, value: maskSecret(row.value) } : row,
    )
  }

  async function store<K extends SettingKey>(key: K, raw: string): Promise<void> {
    // The screen shows a secret masked and saves on blur: the mask coming back changes nothing.
    if (isSecretSetting(key) && raw.startsWith(MASK)) return
    const parsed = parseSetting(key, raw)
    if (!parsed.ok) throw bad(parsed.message)
    const next = { ...(await settings.all()), [key]: parsed.value }
    const conflict = settingsConflict(key, next)
    if (conflict) throw bad(conflict)
    if (isOutbound(key) && parsed.value) {
      await checkIntegrationUrl(key, String(parsed.value), opts.allowPrivateIntegrations)
    }
    await settings.set(key, parsed.value, { byOwner: true })
    if (chargesNow(key, next)) await settings.set('payment_demo', false)
  }

  return {
    list,

    /** Validates and stores one value; description and category stay the store's own. */
    async save(key: string, raw: string): Promise<AdminSetting> {
      if (!isSettingKey(key)) throw bad(`Configuração desconhecida: ${key}`)
      await store(key, raw)
      const saved = (await list()).find((s) => s.key === key)
      if (!saved) throw new AppError('not_found', `Configuração desconhecida: ${key}`)
      return saved
    },
  }
}

export type AdminSettings = ReturnType<typeof createAdminSettings>
