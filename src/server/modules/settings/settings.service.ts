import { createHash } from 'node:crypto'
import { and, asc, inArray, isNotNull, sql } from 'drizzle-orm'
import {
  DEFAULT_SETTINGS,
  PUBLIC_SETTING_KEYS,
  SETTINGS,
  isSettingKey,
  readSetting,
  settingEntry,
  settingText,
  type PublicSettings,
  type SettingKey,
  type SettingValue,
  type SettingValues,
} from '../../../contracts/settings.js'
import type { Db } from '../../db/client.js'
import { settings } from './settings.tables.js'
import { cached } from '../../lib/cached.js'
import { localChangeSignal, type ChangeSignal } from '../../lib/change-signal.js'

/** Every setting, typed (decision 024): `pix_expiry_minutes` a number, `payment_demo` a boolean. */
export type SettingsMap = SettingValues

/** What the other instances are told when a setting is written (decision 024). */
const TOPIC_SETTINGS = 'settings'

/** Every setting as stored now, read through `db` (a transaction's, or the store's). */
async function readValues(db: Db): Promise<SettingsMap> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings)
  const values: Record<string, unknown> = { ...DEFAULT_SETTINGS }
  for (const row of rows) {
    if (isSettingKey(row.key)) values[row.key] = readSetting(row.key, row.value)
  }
  return values as SettingsMap
}

async function write<K extends SettingKey>(
  db: Db,
  key: K,
  value: SettingValue<K>,
  byOwner: boolean,
): Promise<void> {
  const { description, category } = settingEntry(key)
  const text = settingText(key, value)
  const saved = byOwner ? { ownerSavedAt: sql`now()` } : {}
  await db
    .insert(settings)
    .values({ key, value: text, description, category, ...saved })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: text, updatedAt: sql`now()`, ...saved },
    })
}

/**
 * The store's settings, typed by the contract's schema. The table keeps each value as text;
 * this service is the one place that turns it into the typed value and back.
 *
 * Each instance keeps them in memory; a write tells the others through `signal` (the
 * catalogue's change signal, decision 021), which drop theirs at once. The 5 s expiry stays
 * as the bound when a message is lost (a connection that dropped reloads as well).
 */
export function createSettingsService(db: Db, signal: ChangeSignal = localChangeSignal()) {
  const all = cached(() => readValues(db), 5_000)
  signal.subscribe(
    (topic) => {
      if (topic === TOPIC_SETTINGS) all.invalidate()
    },
    () => all.invalidate(),
  )
  const written = () => {
    all.invalidate()
    signal.publish(TOPIC_SETTINGS)
  }

  // Derived once per read of the values (the cache above hands out the same object until then).
  const publicOf = new WeakMap<SettingsMap, PublicSettings>()
  const publicVersions = new WeakMap<PublicSettings, string>()

  /**
   * Public keys only, in their text form: the same object while the values read are the same,
   * so a page can key what it prepared on it (`publicVersion`).
   */
  async function publicSettings(): Promise<PublicSettings> {
    const values = await all.get()
    let shown = publicOf.get(values)
    if (!shown) {
      const entries = PUBLIC_SETTING_KEYS.map((k) => [k, settingText(k, values[k])])
      shown = Object.freeze(Object.fromEntries(entries) as PublicSettings)
      publicOf.set(values, shown)
    }
    return shown
  }

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
      written()
    },

    all: () => all.get(),

    /**
     * Every setting as stored at this moment, not as this instance last read them: for a
     * decision that must not follow a change another instance made an instant ago (whether
     * the store is still in demo mode). Inside a transaction, pass its `tx`. Outside one, the
     * cached values are dropped too, so the next ordinary read agrees; not inside: a read of
     * the cache later in that transaction would then wait for it on PGlite (decision 007).
     */
    async readNow(tx?: Db): Promise<SettingsMap> {
      const values = await readValues(tx ?? db)
      if (!tx) all.invalidate()
      return values
    },

    /** One setting's typed value (its default when unset or unreadable). */
    async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
      return (await all.get())[key]
    },

    publicSettings,

    /** A short digest of the public settings: what pages drawn from them are kept by. */
    async publicVersion(): Promise<string> {
      const shown = await publicSettings()
      let version = publicVersions.get(shown)
      if (!version) {
        const digest = createHash('sha256').update(JSON.stringify(shown))
        version = digest.digest('base64url').slice(0, 16)
        publicVersions.set(shown, version)
      }
      return version
    },

    /** Every stored setting with its id and text value, for the admin screen (which masks secrets). */
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

    /**
     * Stores a typed value as is: callers with the admin's text validate it first
     * (admin-settings), and say when it is the owner's own save (`byOwner`).
     */
    async set<K extends SettingKey>(
      key: K,
      value: SettingValue<K>,
      opts: { byOwner?: boolean } = {},
    ): Promise<void> {
      await write(db, key, value, opts.byOwner ?? false)
      written()
    },

    /**
     * Stores values inside the caller's transaction (the store's, not the owner's, words); call
     * `changed()` once it commits, so no instance reads them again before they exist.
     */
    async setIn(tx: Db, values: Partial<SettingValues>): Promise<void> {
      for (const [key, value] of Object.entries(values) as [SettingKey, never][]) {
        await write(tx, key, value, false)
      }
    },

    /** Every instance reads the settings again (after a transaction that wrote some). */
    changed: () => written(),

    /** Which of `keys` the owner has saved herself at least once. */
    async ownerSaved(keys: readonly SettingKey[]): Promise<Set<SettingKey>> {
      const rows = await db
        .select({ key: settings.key })
        .from(settings)
        .where(and(inArray(settings.key, [...keys]), isNotNull(settings.ownerSavedAt)))
      return new Set(rows.map((r) => r.key as SettingKey))
    },
  }
}

export type SettingsService = ReturnType<typeof createSettingsService>
