import { useQuery } from '@tanstack/react-query'
import { CITY_MAX, NAME_MAX, pixCutNotice } from '../../../../contracts/pix'
import type { SettingKey } from '../../../../contracts/settings'
import { LoadError, Loading } from '../../../ui/query-state'
import { adminSettingsQuery, paymentModeQuery } from '../admin.queries'
import { KeepStoreText } from '../checklist/keep-store-text'
import { PixValidity } from './pix-validity'
import { pixExpirySettingOf } from '../../../../contracts/setting-rules'
import { SettingField, type SettingFieldProps } from '../setting-field'

/** A field of a tab: its key (label, hint, type and bounds come from the contract) and its looks. */
type FieldSpec = Omit<SettingFieldProps, 'setting' | 'settingKey'> & { settingKey: SettingKey }

export const CONFIG_SECTIONS: Record<
  | 'identity'
  | 'pages'
  | 'banner'
  | 'social'
  | 'payment'
  | 'recovery'
  | 'general'
  | 'email'
  | 'invoices',
  FieldSpec[]
> = {
  identity: [
    { settingKey: 'store_name' },
    { settingKey: 'support_hours' },
    { settingKey: 'seller_name' },
    { settingKey: 'seller_document' },
    { settingKey: 'seller_address' },
    { settingKey: 'seller_email' },
    { settingKey: 'seller_phone' },
  ],
  pages: [
    { settingKey: 'page_about', multiline: true, rows: 14 },
    { settingKey: 'page_terms', multiline: true, rows: 14 },
    { settingKey: 'page_privacy', multiline: true, rows: 14 },
  ],
  banner: [
    { settingKey: 'banner_title' },
    { settingKey: 'banner_subtitle', multiline: true },
    { settingKey: 'banner_image_url' },
  ],
  social: [
    { settingKey: 'footer_email' },
    { settingKey: 'footer_instagram' },
    { settingKey: 'whatsapp_number' },
    { settingKey: 'footer_whatsapp' },
  ],
  payment: [
    { settingKey: 'pix_key' },
    { settingKey: 'pix_recipient_name', notice: (value) => pixCutNotice(value, NAME_MAX) },
    { settingKey: 'pix_city', notice: (value) => pixCutNotice(value, CITY_MAX) },
    { settingKey: 'pix_expiry_minutes' },
    { settingKey: 'pix_static_expiry_minutes' },
  ],
  recovery: [{ settingKey: 'recovery_first_minutes' }, { settingKey: 'recovery_second_hours' }],
  invoices: [
    { settingKey: 'nfse_provider' },
    { settingKey: 'focusnfe_token' },
    { settingKey: 'nfse_service_code' },
    { settingKey: 'nfse_service_description', multiline: true },
    { settingKey: 'nfse_iss_rate' },
    { settingKey: 'nfse_iss_withheld' },
    { settingKey: 'nfse_issue_on' },
    { settingKey: 'nfse_unidentified_buyer' },
  ],
  email: [{ settingKey: 'smtp_url' }, { settingKey: 'mail_from' }, { settingKey: 'admin_email' }],
  general: [
    { settingKey: 'footer_description', multiline: true },
    { settingKey: 'max_downloads' },
    { settingKey: 'download_link_expiry' },
  ],
}

/** One tab of /admin/config: its settings, each saved on blur through POST /api/admin/settings. */
export function SettingsSection({ section }: { section: keyof typeof CONFIG_SECTIONS }) {
  const { data, error, isPending, refetch } = useQuery(adminSettingsQuery())
  const mode = useQuery(paymentModeQuery()).data?.mode
  if (isPending) return <Loading />
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />
  // Of the two PIX validities, the one buyers get now, with its reason under it.
  const inForce = pixExpirySettingOf(mode)
  const shown = CONFIG_SECTIONS[section].filter(
    (spec) =>
      !['pix_expiry_minutes', 'pix_static_expiry_minutes'].includes(spec.settingKey) ||
      spec.settingKey === inForce,
  )
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-600">Cada campo é salvo quando você sai dele.</p>
      {shown.map((spec) => (
        <div key={spec.settingKey} className="space-y-2">
          <SettingField {...spec} setting={data.find((s) => s.key === spec.settingKey)} />
          {spec.settingKey === inForce && (
            <PixValidity mode={mode} minutes={data.find((s) => s.key === inForce)?.value ?? ''} />
          )}
          <KeepStoreText after={spec.settingKey} settings={data} />
        </div>
      ))}
    </div>
  )
}
