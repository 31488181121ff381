import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { SETTING_CATEGORIES, SETTINGS } from '../../../../contracts/settings'
import type { AdminSetting } from '../../../../contracts/admin'
import { buttonClasses } from '../../../ui/button'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { AdsStatusSection } from '../ads-status'
import { adminSettingsQuery } from '../admin.queries'
import { DemoSwitch } from '../config/demo-switch'
import { SettingField } from '../setting-field'

const CATEGORY_LABELS: Record<string, string> = {
  whatsapp: 'WhatsApp',
  footer: 'Rodapé e contato',
  delivery: 'Entrega',
  payment: 'Pagamento',
  downloads: 'Downloads',
  banner: 'Banner da página inicial',
  email: 'E-mail',
  backup: 'Backup automático',
  ads: 'Anúncios (Meta, Google, TikTok)',
  invoices: 'Nota fiscal',
}

/** Shown first in their category: the store's own PIX key is the first way to be paid. */
const FIRST = ['pix_key', 'pix_recipient_name', 'pix_city']
const rank = (key: string) => (FIRST.includes(key) ? FIRST.indexOf(key) : FIRST.length)

/** Every known key, with what the server stored; keys only the server knows come last. */
function allSettings(stored: AdminSetting[]): AdminSetting[] {
  const byKey = new Map(stored.map((s) => [s.key, s]))
  const known = SETTINGS.map(
    (d): AdminSetting =>
      byKey.get(d.key) ?? {
        id: 0,
        key: d.key,
        value: d.defaultValue,
        description: d.description,
        category: d.category,
      },
  )
  const extra = stored.filter((s) => !SETTINGS.some((d) => d.key === s.key))
  return [...known, ...extra]
}

/** Every setting, grouped by category, each saved when the field loses focus. */
export function SettingsTab() {
  const { data, error, isPending, refetch } = useQuery(adminSettingsQuery())
  const configLink = (
    <Link href="/admin/config" className={buttonClasses('secondary', 'sm')}>
      Configurações da loja
    </Link>
  )
  if (isPending) return <Loading />
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />

  const settings = allSettings(Array.isArray(data) ? data : [])
  const categories = [
    ...SETTING_CATEGORIES,
    ...new Set(settings.map((s) => s.category).filter((c) => !CATEGORY_LABELS[c])),
  ]
  return (
    <Panel title="Configurações" actions={configLink}>
      <p className="text-sm text-gray-600">Cada campo é salvo quando você sai dele.</p>
      <div className="mt-4 space-y-6">
        {categories.map((category) => {
          const inCategory = settings
            .filter((s) => s.category === category)
            .sort((a, b) => rank(a.key) - rank(b.key))
          if (inCategory.length === 0) return null
          return (
            <fieldset key={category} className="space-y-4">
              <legend className="text-lg font-bold text-purple-900">
                {CATEGORY_LABELS[category] ?? category}
              </legend>
              {category === 'ads' && <AdsStatusSection />}
              {inCategory.map((setting) =>
                // A switch with its explanation, not a text box taking 'true'.
                setting.key === 'payment_demo' ? (
                  <DemoSwitch key={setting.key} />
                ) : (
                  <SettingField key={setting.key} settingKey={setting.key} setting={setting} />
                ),
              )}
            </fieldset>
          )
        })}
      </div>
    </Panel>
  )
}
