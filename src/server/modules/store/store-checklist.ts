import type { ChecklistAnswer, ChecklistKey } from '../../../contracts/store.js'
import { CHECKLIST_LABELS } from '../../../contracts/store.js'
import {
  isPlaceholderEmail,
  isPlaceholderInstagram,
  isPlaceholderWhatsapp,
} from '../../../contracts/demo-placeholders.js'
import { DEFAULT_STORE_NAME } from '../../../contracts/settings.js'
import type { PaymentMode } from '../../../contracts/checkout.js'
import type { SettingKey } from '../../../contracts/settings.js'
import { demoTextsOf, STORE_TEXT_KEYS, STORE_TEXTS } from '../../../contracts/store-texts.js'
import type { SettingsMap } from '../settings/settings.service.js'

/** What the checklist reads, each from the module that owns it. */
export interface ChecklistState {
  settings: SettingsMap
  paymentMode: PaymentMode
  /** A demo product still on sale, or an order made in demo mode still in the figures. */
  demoLeft: boolean
  /** The settings the owner has saved herself at least once. */
  ownerSaved: ReadonlySet<SettingKey>
  /** Products on sale lacking a year, a component or a kind (the products module counts). */
  untagged: number
}

/**
 * 'Antes de vender': each item done or not from the store's real state, never from
 * a box the owner ticks. The demo's placeholders (demo-placeholders.ts) count as not done, and
 * the store's texts are reviewed once she has saved each herself (neutral ones included).
 */
export function checklistOf({
  settings: s,
  paymentMode,
  demoLeft,
  ownerSaved,
  untagged,
}: ChecklistState): ChecklistAnswer {
  const demoTexts = new Set(demoTextsOf(s))
  const texts = STORE_TEXT_KEYS.map((key) => ({
    key,
    label: STORE_TEXTS[key].label,
    tab: STORE_TEXTS[key].tab,
    reviewed: STORE_TEXTS[key].settings.some((setting) => ownerSaved.has(setting)),
    demo: demoTexts.has(key),
  }))
  const footerWhatsapp = s.footer_whatsapp.trim()
  const done: Record<ChecklistKey, boolean> = {
    payment: paymentMode !== 'demo' && paymentMode !== 'unavailable',
    contact:
      !isPlaceholderWhatsapp(s.whatsapp_number) &&
      (!footerWhatsapp || !isPlaceholderWhatsapp(footerWhatsapp)) &&
      !isPlaceholderEmail(s.footer_email) &&
      !isPlaceholderInstagram(s.footer_instagram),
    identity:
      s.store_name.trim() !== '' &&
      s.store_name.trim() !== DEFAULT_STORE_NAME &&
      s.seller_name.trim() !== '' &&
      s.seller_document.trim() !== '' &&
      s.seller_address.trim() !== '',
    alerts: s.admin_email.trim() !== '',
    demo: !demoLeft,
    texts: texts.every((t) => t.reviewed),
  }
  const items = (Object.keys(CHECKLIST_LABELS) as ChecklistKey[]).map((key) => ({
    key,
    label: CHECKLIST_LABELS[key],
    done: done[key],
  }))
  return { items, ready: items.every((i) => i.done), texts, untagged }
}
