import { asc, sql } from 'drizzle-orm'
import {
  PUBLIC_SETTING_KEYS,
  SETTINGS,
  type PublicSettings,
  type SettingKey,
} from '../../../contracts/settings.js'
import type { Db } from '../../db/client.js'
import { settings } from './settings.tables.js'
import { cached } from '../../lib/cached.js'

export type SettingsMap = Record<SettingKey, string>

const DEFAULTS = Object.fromEntries(SETTINGS.map((s) => [s.key, s.defaultValue])) as SettingsMap

export function createSettingsService(db: Db) {
  const all = cached(async (): Promise<SettingsMap> => {
    const rows = await db.select({ key: settings.key, value: settings.value }).from(settings)
    const values = { ...DEFAULTS }
    for (const row of rows) {
      if (row.key in values) values[row.key as SettingKey] = row.value
    }
    return values
  }, 5_000)

  return {
    /** Inserts every known key with its default; existing values are left alone. */
    async ensureDefaults(): Promise<void> {
      await db
        .insert(settings)
        .values(
          SETTINGS.map((s) => ({
            key: s.key,
            value: s.defaultValue,
            description: s.description,
            category: s.category,
          })),
        )
        .onConflictDoNothing({ target: settings.key })
      all.invalidate()
    },

    all: () => all.get(),

    async get(key: SettingKey): Promise<string> {
      return (await all.get())[key]
    },

    /** A positive whole number setting (max_downloads, download_link_expiry), its default if garbled. */
    async getPositiveInt(key: SettingKey): Promise<number> {
      const value = Number.parseInt(await this.get(key), 10)
      return Number.isInteger(value) && value > 0 ? value : Number(DEFAULTS[key])
    },

    async publicSettings(): Promise<PublicSettings> {
      const values = await all.get()
      return Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, values[k]]))
    },

    /** Every stored setting with its id, for the admin screen (which masks the secrets). */
    async rows() {
      return db
        .select({
          id: settings.id,
          key: settings.key,
          value: settings.value,
          description: settings.description,
          category: settings.category,
        })
        .from(settings)
        .orderBy(asc(settings.category), asc(settings.id))
    },

    async set(key: SettingKey, value: string): Promise<void> {
      const definition = SETTINGS.find((s) => s.key === key)!
      await db
        .insert(settings)
        .values({ key, value, description: definition.description, category: definition.category })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } })
      all.invalidate()
    },
  }
}

export type SettingsService = ReturnType<typeof createSettingsService>
