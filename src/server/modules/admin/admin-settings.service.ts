import { z } from 'zod'
import type { AdminSetting } from '../../../contracts/admin.js'
import { SETTINGS, type SettingKey } from '../../../contracts/settings.js'
import { AppError } from '../../errors.js'
import { checkOutboundUrl, RefusedAddressError } from '../../lib/outbound-address.js'
import { normaliseWhatsapp } from '../../lib/phone.js'
import type { SettingsService } from '../settings/settings.service.js'

const MASK = '••••'

/** '••••1234': enough for the owner to recognise the key, useless to anyone reading over them. */
export function maskSecret(value: string): string {
  if (!value) return ''
  return value.length > 8 ? `${MASK}${value.slice(-4)}` : MASK
}

const isSecret = (key: string) =>
  SETTINGS.some((s) => s.key === key && 'isSecret' in s && s.isSecret)

const bad = (message: string) => new AppError('bad_request', message)

function httpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** Per-key rules; an empty value clears any optional setting. Answers the value to store. */
const RULES: Partial<Record<SettingKey, (value: string) => string>> = {
  max_downloads: positiveInt,
  download_link_expiry: positiveInt,
  pix_expiry_minutes: (raw) => {
    const value = raw.trim()
    const minutes = Number(value)
    if (!/^\d{1,5}$/.test(value) || minutes < 30 || minutes > 1440) {
      throw bad('Use de 30 a 1440 minutos (24 horas)')
    }
    return String(minutes)
  },
  recovery_enabled: (value) => {
    if (value !== 'true' && value !== 'false') throw bad('Use true (ligado) ou false (desligado)')
    return value
  },
  recovery_first_minutes: (raw) => {
    const value = raw.trim()
    const minutes = Number(value)
    if (!/^\d{1,5}$/.test(value) || minutes < 5 || minutes > 1380) {
      throw bad('Use de 5 a 1380 minutos (23 horas) para o primeiro lembrete')
    }
    return String(minutes)
  },
  recovery_second_hours: (raw) => {
    const value = raw.trim()
    const hours = Number(value)
    if (!/^\d{1,2}$/.test(value) || hours < 1 || hours > 23) {
      throw bad('Use de 1 a 23 horas para o segundo lembrete (o pedido não pago vence em 24 horas)')
    }
    return String(hours)
  },
  footer_whatsapp: whatsapp,
  whatsapp_number: whatsapp,
  admin_whatsapp: whatsapp,
  evolution_api_url: url,
  mercadopago_return_url: url,
  payment_demo: (value) => {
    if (value !== 'true' && value !== 'false') throw bad('Use true (ligado) ou false (desligado)')
    return value
  },
  banner_image_url: (value) => {
    // A picture of the store's own (/api/products/1/image) or one hosted elsewhere (https).
    if (value && !value.startsWith('/') && !httpUrl(value)) {
      throw bad('Imagem inválida: use um endereço https:// ou um caminho que comece com /')
    }
    return value
  },
  smtp_url: (value) => {
    if (value && !/^smtps?:\/\/[^\s/]+/i.test(value)) {
      throw bad('Servidor SMTP inválido: use smtp://usuario:senha@servidor:587 ou smtps://...')
    }
    return value.trim()
  },
  mail_from: (value) => {
    // Either a bare address or 'Name <address>': what nodemailer and every mail server accept.
    const address = /<([^>]+)>\s*$/.exec(value)?.[1] ?? value
    if (value && !z.email().safeParse(address.trim()).success) {
      throw bad('Remetente inválido: use loja@exemplo.com.br ou Loja <loja@exemplo.com.br>')
    }
    return value.trim()
  },
  footer_email: email,
  admin_email: email,
  pix_provider: (raw) => {
    const value = raw.trim().toLowerCase() || 'auto'
    if (value !== 'auto' && value !== 'woovi' && value !== 'asaas') {
      throw bad('Provedor inválido: use auto (Mercado Pago ou chave PIX), woovi ou asaas')
    }
    return value
  },
  asaas_api_key: (raw) => {
    const value = raw.trim()
    // Asaas' keys start with $aact_ ($aact_prod_… or, in the sandbox, $aact_hmlg_…).
    if (value && !/^\$aact_[\x21-\x7e]{20,1000}$/.test(value)) {
      throw bad('Chave inválida: copie a chave de API inteira da Asaas, começando por $aact_')
    }
    return value
  },
  asaas_webhook_token: (raw) => {
    const value = raw.trim()
    if (value && !/^[\x21-\x7e]{16,255}$/.test(value)) {
      throw bad('Token inválido: use de 16 a 255 caracteres, sem espaços nem acentos')
    }
    return value
  },
  woovi_app_id: (raw) => {
    const value = raw.trim()
    // An AppID is one long base64 token (Client_Id and secret joined by Woovi).
    if (value && !/^[A-Za-z0-9+/=_.:-]{20,512}$/.test(value)) {
      throw bad('AppID inválido: copie o AppID inteiro em API/Plugins no painel da Woovi')
    }
    return value
  },
}

/** What 'Pagamento' must hold before a provider is chosen by name. */
const CHOSEN_NEEDS: Record<string, { key: SettingKey; message: string }> = {
  woovi: {
    key: 'woovi_app_id',
    message: 'Cole primeiro o AppID da Woovi, depois escolha woovi como provedor',
  },
  asaas: {
    key: 'asaas_api_key',
    message: 'Cole primeiro a chave de API da Asaas, depois escolha asaas como provedor',
  },
}

function email(value: string): string {
  if (value && !z.email().safeParse(value.trim()).success) throw bad('E-mail inválido')
  return value.trim().toLowerCase()
}

function positiveInt(value: string): string {
  if (!/^\d{1,6}$/.test(value) || Number(value) < 1) {
    throw bad('Use um número inteiro maior que zero')
  }
  return String(Number(value))
}

function whatsapp(value: string): string {
  if (!value) return ''
  const number = normaliseWhatsapp(value)
  if (!number) {
    throw bad('WhatsApp inválido: use código do país + DDD + número, sem espaços (5511987654321)')
  }
  return number
}

function url(value: string): string {
  if (value && !httpUrl(value)) throw bad('URL inválida: use um endereço http:// ou https://')
  return value.replace(/\/+$/, '')
}

/**
 * The Evolution API URL may not lead the store's own requests to link-local or metadata
 * addresses, nor to loopback or private networks unless ALLOW_PRIVATE_INTEGRATIONS (issue 26,
 * item 10). Every address the name resolves to is checked; a name that does not resolve yet is
 * saved, and checked again at every call like the others.
 */
async function checkIntegrationUrl(value: string, allowPrivate: boolean): Promise<void> {
  try {
    await checkOutboundUrl(value, allowPrivate)
  } catch (error) {
    if (!(error instanceof RefusedAddressError)) throw error
    if (error.kind === 'never') {
      throw bad(
        'URL da API não permitida: endereços link-local e de metadados (169.254.x.x) nunca são aceitos',
      )
    }
    if (error.kind === 'private') {
      throw bad(
        'URL da API não permitida: aponta para esta máquina ou uma rede privada. Para uma Evolution API na mesma máquina ou rede, o servidor precisa de ALLOW_PRIVATE_INTEGRATIONS=1',
      )
    }
  }
}

/** The settings tab: every setting with its id, secrets masked; one key saved at a time. */
export function createAdminSettings(
  settings: SettingsService,
  opts: { allowPrivateIntegrations: boolean } = { allowPrivateIntegrations: false },
) {
  async function list(): Promise<AdminSetting[]> {
    const rows = await settings.rows()
    return rows.map((row) => (isSecret(row.key) ? { ...row, value: maskSecret(row.value) } : row))
  }

  return {
    list,

    /** Validates and stores one value; description and category stay the store's own. */
    async save(key: string, raw: string): Promise<AdminSetting> {
      const definition = SETTINGS.find((s) => s.key === key)
      if (!definition) throw bad(`Configuração desconhecida: ${key}`)
      // The screen shows a secret masked and saves on blur: the mask coming back changes nothing.
      const unchanged = isSecret(key) && raw.startsWith(MASK)
      if (!unchanged) {
        const rule = RULES[definition.key]
        const value = rule ? rule(raw) : raw
        if (definition.key === 'evolution_api_url' && value) {
          await checkIntegrationUrl(value, opts.allowPrivateIntegrations)
        }
        if (definition.key === 'pix_provider' && value !== 'auto') {
          const needed = CHOSEN_NEEDS[value]
          if (needed && !(await settings.get(needed.key)).trim()) throw bad(needed.message)
        }
        if (key === 'recovery_first_minutes' || key === 'recovery_second_hours') {
          const values = { ...(await settings.all()), [key]: value }
          if (Number(values.recovery_first_minutes) >= Number(values.recovery_second_hours) * 60) {
            throw bad('O primeiro lembrete precisa vir antes do segundo')
          }
        }
        await settings.set(definition.key, value)
        // Woovi or Asaas chosen with its key is a payment method too: demo ends, as with a PIX key.
        const provider = await settings.get('pix_provider')
        if (
          (definition.key === 'pix_provider' && value !== 'auto') ||
          (value && CHOSEN_NEEDS[provider]?.key === definition.key)
        )
          await settings.set('payment_demo', 'false')
        // A PIX key is a payment method: the store charges from now on, and clearing the key
        // later gives checkout a 503, never free orders (only the admin's switch brings demo back).
        if (definition.key === 'pix_key' && value.trim())
          await settings.set('payment_demo', 'false')
      }
      const saved = (await list()).find((s) => s.key === key)
      if (!saved) throw new AppError('not_found', `Configuração desconhecida: ${key}`)
      return saved
    },
  }
}

export type AdminSettings = ReturnType<typeof createAdminSettings>
