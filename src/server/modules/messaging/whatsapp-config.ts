import {
  NUMBER_RULE,
  type WhatsappConfig,
  type WhatsappConfigBody,
} from '../../../contracts/messaging.js'
import { AppError } from '../../errors.js'
import { normaliseWhatsapp } from '../../lib/phone.js'
import type { AdminSettings } from '../admin/admin-settings.service.js'

/**
 * The whatsapp tab's four fields are four settings. Reads and writes go through the settings
 * tab's own service, so both screens validate alike and the key stays masked in both.
 */
const KEYS = {
  apiUrl: 'evolution_api_url',
  apiKey: 'evolution_api_key',
  instanceName: 'evolution_instance_name',
  adminWhatsapp: 'admin_whatsapp',
} as const satisfies Record<keyof WhatsappConfig, string>

const bad = (message: string) => new AppError('bad_request', message)

export async function readWhatsappConfig(admin: AdminSettings): Promise<WhatsappConfig> {
  const rows = await admin.list()
  const value = (key: string) => rows.find((r) => r.key === key)?.value ?? ''
  return {
    apiUrl: value(KEYS.apiUrl),
    apiKey: value(KEYS.apiKey),
    instanceName: value(KEYS.instanceName),
    adminWhatsapp: value(KEYS.adminWhatsapp),
  }
}

function checkUrl(value: string) {
  let ok = false
  try {
    ok = ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    ok = false
  }
  if (!ok) throw bad('URL da API inválida: use um endereço http:// ou https://')
}

/**
 * Saves the fields sent. All are checked before any is stored, so a wrong number does not
 * leave half a configuration behind. An absent or still-masked key keeps the stored one.
 */
export async function saveWhatsappConfig(
  admin: AdminSettings,
  body: WhatsappConfigBody,
): Promise<WhatsappConfig> {
  if (body.apiUrl) checkUrl(body.apiUrl)
  if (body.adminWhatsapp && !normaliseWhatsapp(body.adminWhatsapp)) {
    throw bad(`WhatsApp do administrador inválido: ${NUMBER_RULE}`)
  }
  if (body.instanceName && /[/?#]/.test(body.instanceName)) {
    throw bad('Nome da instância inválido: sem barras, "?" ou "#"')
  }
  for (const field of Object.keys(KEYS) as (keyof WhatsappConfig)[]) {
    const value = body[field]
    if (value === undefined) continue
    if (field === 'apiKey' && !value) continue
    await admin.save(KEYS[field], value)
  }
  return readWhatsappConfig(admin)
}
