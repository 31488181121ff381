import { useState } from 'react'
import { useSearchParams } from 'wouter'
import { SettingsSection } from '../features/admin/config/config-sections'
import { DemoSwitch } from '../features/admin/config/demo-switch'
import { LogoField } from '../features/admin/config/logo-field'
import { PixAutomaticoSwitch } from '../features/admin/config/pix-automatico-switch'
import { PixProviderPicker } from '../features/admin/config/pix-provider-picker'
import { RecoverySwitch } from '../features/admin/config/recovery-switch'
import { EmailTransportNote } from '../features/admin/emails/email-transport-note'
import { FormFrame } from '../features/admin/product-form/form-frame'
import { RequireAdmin } from '../features/auth/require-admin'
import { cn } from '../lib/cn'

const TABS = [
  { id: 'identity', label: 'Identidade' },
  { id: 'pages', label: 'Páginas' },
  { id: 'banner', label: 'Banner' },
  { id: 'social', label: 'Contatos' },
  { id: 'payment', label: 'Pagamento' },
  { id: 'recovery', label: 'Lembretes' },
  { id: 'general', label: 'Geral' },
  { id: 'email', label: 'E-mail' },
  { id: 'invoices', label: 'Nota fiscal' },
] as const

type TabId = (typeof TABS)[number]['id']

const isTab = (value: string | null): value is TabId => TABS.some((t) => t.id === value)

/**
 * /admin/config: identity (name, logo, seller), pages (About, Terms, Privacy), banner, social, payment (PIX data), PIX reminders, general and e-mail (SMTP)
 * settings;
 * `?aba=` opens one.
 */
export default function AdminConfigPage() {
  const [params] = useSearchParams()
  const requested = params.get('aba')
  const [tab, setTab] = useState<TabId>(isTab(requested) ? requested : 'identity')
  return (
    <RequireAdmin>
      <FormFrame title="Configurações da loja" back="/admin?aba=settings">
        {/* Wrapped, not scrolled sideways: on a phone every section, the open one too, is in view. */}
        <div role="tablist" aria-label="Seções" className="flex flex-wrap gap-2 pb-2">
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`config-aba-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls="config-painel"
              data-testid={`config-tab-${t.id}`}
              onClick={() => setTab(t.id)}
              className={cn(
                'h-10 rounded-full px-4 text-sm font-semibold whitespace-nowrap',
                tab === t.id
                  ? 'bg-purple-700 text-white shadow-md'
                  : 'bg-white text-purple-800 ring-1 ring-purple-200 hover:bg-purple-50',
              )}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id="config-painel"
          aria-labelledby={`config-aba-${tab}`}
          className="mt-4"
        >
          {tab === 'identity' && <LogoField />}
          {tab === 'payment' && <DemoSwitch />}
          {tab === 'recovery' && <RecoverySwitch />}
          {tab === 'email' && <EmailTransportNote />}
          <SettingsSection key={tab} section={tab} />
          {/* The store's own PIX key (above) first; a provider that charges for her after it. */}
          {tab === 'payment' && <PixProviderPicker />}
          {tab === 'payment' && <PixAutomaticoSwitch />}
        </div>
      </FormFrame>
    </RequireAdmin>
  )
}
