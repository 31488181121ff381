/**
 * Every setting of the store (SPEC.md section 3) in ONE object, put together from its groups
 * (settings/<category>.ts): its type (zod, with its bounds), default, label and whether the
 * public may see it or nobody may (decision 024). The server
 * reads typed values and validates writes with it; the admin form validates with it too.
 * A new setting is one entry in its group's file.
 */
import { z } from 'zod'
import type { SettingEntry } from './settings/entry.js'
import { identitySettings } from './settings/identity.js'
import { pagesSettings } from './settings/pages.js'
import { footerSettings } from './settings/footer.js'
import { whatsappSettings } from './settings/whatsapp.js'
import { paymentSettings } from './settings/payment.js'
import { downloadsSettings } from './settings/downloads.js'
import { emailSettings } from './settings/email.js'
import { bannerSettings } from './settings/banner.js'
import { backupSettings } from './settings/backup.js'
import { adsSettings } from './settings/ads.js'
import { invoicesSettings } from './settings/invoices.js'

export { SETTING_CATEGORIES, type SettingCategory } from './settings/entry.js'
// Kept in their own module so the client can read the default without this schema (and zod).
export { DEFAULT_STORE_NAME, storeNameOf } from './store-name.js'

export const SETTING_SCHEMA = {
  ...identitySettings,
  ...pagesSettings,
  ...footerSettings,
  ...whatsappSettings,
  ...paymentSettings,
  ...downloadsSettings,
  ...emailSettings,
  ...bannerSettings,
  ...backupSettings,
  ...adsSettings,
  ...invoicesSettings,
}

export type SettingKey = keyof typeof SETTING_SCHEMA
/** The typed value of one setting: a number for pix_expiry_minutes, a boolean for payment_demo. */
export type SettingValue<K extends SettingKey> =
  (typeof SETTING_SCHEMA)[K] extends SettingEntry<infer T> ? T : never
export type SettingValues = { [K in SettingKey]: SettingValue<K> }

export const SETTING_KEYS = Object.keys(SETTING_SCHEMA) as SettingKey[]

export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SETTING_SCHEMA, key)

/** The entry of a key, typed loosely for code that walks every setting. */
export const settingEntry = (key: SettingKey): SettingEntry<unknown> =>
  SETTING_SCHEMA[key] as SettingEntry<unknown>

export const isSecretSetting = (key: string) => isSettingKey(key) && !!settingEntry(key).secret

/** The one text form of a value (the table's column, the admin's answers): '60', 'true'. */
export const settingText = <K extends SettingKey>(_key: K, value: SettingValue<K>): string =>
  String(value)

/** Stored text as the typed value; text that cannot be one reads as the default. */
export function readSetting<K extends SettingKey>(key: K, stored: string): SettingValue<K> {
  const { type, default: fallback } = settingEntry(key)
  return (type.read(stored) ?? fallback) as SettingValue<K>
}

/** The admin's text checked by the key's schema: the value to store, or the Portuguese message. */
export function parseSetting<K extends SettingKey>(
  key: K,
  input: string,
): { ok: true; value: SettingValue<K> } | { ok: false; message: string } {
  const result = settingEntry(key).type.schema.safeParse(input)
  if (result.success) return { ok: true, value: result.data as SettingValue<K> }
  return { ok: false, message: result.error.issues[0]?.message ?? 'Valor inválido' }
}

export const DEFAULT_SETTINGS = Object.fromEntries(
  SETTING_KEYS.map((k) => [k, SETTING_SCHEMA[k].default]),
) as SettingValues

/** Every setting as a row of the settings table: key, category, description, default text. */
export const SETTINGS = SETTING_KEYS.map((key) => {
  const e = settingEntry(key)
  return {
    key,
    category: e.category,
    description: e.description,
    defaultValue: String(e.default),
    isPublic: !!e.public,
    isSecret: !!e.secret,
  }
})

export const PUBLIC_SETTING_KEYS: readonly SettingKey[] = SETTING_KEYS.filter(
  (k) => settingEntry(k).public,
)

/**
 * What GET /api/settings/public answers: public keys only, each in its text form (default if
 * unset). Any other key fails the answer rather than reach the public.
 */
export const PublicSettings = z.partialRecord(z.enum(PUBLIC_SETTING_KEYS), z.string())
export type PublicSettings = z.infer<typeof PublicSettings>
