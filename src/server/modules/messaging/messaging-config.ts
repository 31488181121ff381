import { isPlaceholderWhatsapp } from '../../../contracts/demo-placeholders.js'
import { storeNameOf } from '../../../contracts/settings.js'
import { normaliseWhatsapp } from '../../lib/phone.js'
import type { SettingsMap } from '../settings/settings.service.js'
import type { GatewayConfig } from './evolution-api.js'
import type { MailBrand } from './mail-layout.js'

/** What the messaging settings say, read once per order event or worker run. */
export interface MessagingSettings {
  /** Null until URL, key and instance are all filled in. */
  gateway: GatewayConfig | null
  /** The admin's number normalised, or null when empty or not a valid number. */
  adminNumber: string | null
  /** The admin number as typed, to tell "empty" from "invalid" in messages. */
  adminRaw: string
}

/** The name every message signs with: the store name setting, else the store's default name. */
export { storeNameOf }

/** The e-mails' header: the store's name, and its logo when one was uploaded. */
export const mailBrandOf = (
  values: Pick<SettingsMap, 'store_name' | 'store_logo'>,
  baseUrl: string,
): MailBrand => ({
  storeName: storeNameOf(values),
  baseUrl,
  ...(values.store_logo ? { logoPath: values.store_logo } : {}),
})

/** The support WhatsApp the buyer's messages name; never the demo's placeholder number. */
export const supportWhatsappOf = (values: Pick<SettingsMap, 'whatsapp_number'>) =>
  isPlaceholderWhatsapp(values.whatsapp_number) ? null : normaliseWhatsapp(values.whatsapp_number)

export function messagingSettingsOf(values: SettingsMap): MessagingSettings {
  const apiUrl = values.evolution_api_url.trim()
  const apiKey = values.evolution_api_key.trim()
  const instanceName = values.evolution_instance_name.trim()
  const adminRaw = values.admin_whatsapp.trim()
  return {
    gateway: apiUrl && apiKey && instanceName ? { apiUrl, apiKey, instanceName } : null,
    adminNumber: adminRaw ? normaliseWhatsapp(adminRaw) : null,
    adminRaw,
  }
}

/**
 * Where the buyer's link points: PUBLIC_URL, else the address the admin last used to reach the
 * WhatsApp tab on this instance (the owner's own view of the store), else this machine.
 */
export function createBaseUrl(publicUrl: string | undefined, port: number) {
  let learned: string | null = null
  return {
    get: () => publicUrl ?? learned ?? `http://localhost:${port}`,
    learn(origin: string) {
      if (!publicUrl) learned = origin.replace(/\/+$/, '')
    },
  }
}

export type BaseUrl = ReturnType<typeof createBaseUrl>
