import { int, type SettingType } from '../setting-types.js'

/** The settings' groups, each a tab of the admin's settings and a file of this folder. */
export const SETTING_CATEGORIES = [
  'identity',
  'pages',
  'whatsapp',
  'footer',
  'delivery',
  'payment',
  'downloads',
  'banner',
  'email',
  'backup',
  'ads',
  'invoices',
] as const
export type SettingCategory = (typeof SETTING_CATEGORIES)[number]

/** One setting: its type, default, label and who may see it (decision 024). */
export interface SettingEntry<T> {
  category: SettingCategory
  /** The form's label. */
  label: string
  /** The longer explanation stored with the row (the settings table's `description`). */
  description: string
  type: SettingType<T>
  default: NoInfer<T>
  /** What the form says under the field (a range's bounds are added from `type`). */
  hint?: string
  /** Shown to anyone through GET /api/settings/public. */
  public?: true
  /** Never shown in full, not even to the admin (masked when read back). */
  secret?: true
}

export const entry = <T>(definition: SettingEntry<T>) => definition

export const NUMBER_HINT = 'código do país + DDD + número, só dígitos (5511999999999)'

export const positive = () => int({ min: 1 }, () => 'Use um número inteiro maior que zero')
