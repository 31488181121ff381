import type { ReactNode } from 'react'
import type { PagePlaceholder } from '../../../contracts/default-pages'
import { SETTING_SCHEMA } from '../../../contracts/settings'
import { formatPhoneBR, whatsappLink } from '../../lib/format'
import { PlainText } from '../../ui/plain-text'
import { useDeliveryPromise } from '../settings/delivery-promise'
import { usePublicSetting } from '../settings/settings.api'
import { useStoreName } from '../settings/store-brand'

type PageKey = 'page_about' | 'page_terms' | 'page_privacy'

/** What the `{name}` words of a page stand for now: the store's own values. */
function usePlaceholderValues(): Record<PagePlaceholder, ReactNode> {
  const whatsapp = usePublicSetting('whatsapp_number')
  const email = usePublicSetting('footer_email')
  return {
    loja: useStoreName(),
    horario: usePublicSetting('support_hours', 'em horário comercial'),
    email: email ? <a href={`mailto:${email}`}>{email}</a> : 'o e-mail do rodapé',
    whatsapp: whatsapp ? (
      <a href={whatsappLink(whatsapp)} target="_blank" rel="noopener noreferrer">
        {formatPhoneBR(whatsapp)}
      </a>
    ) : (
      'do rodapé'
    ),
    downloads: usePublicSetting('max_downloads', '3'),
    minutos_link: usePublicSetting('download_link_expiry', '30'),
    liberacao: useDeliveryPromise().release,
  }
}

/**
 * One of the owner's pages (About, Terms, Privacy) from its setting, with its `{name}` words
 * as the store's values now.
 */
export function PageText({ settingKey }: { settingKey: PageKey }) {
  const text = usePublicSetting(settingKey, SETTING_SCHEMA[settingKey].default)
  return <PlainText text={text} values={usePlaceholderValues()} testId="page-text" />
}

/** Whether the page still shows the store's own text (its date is then the shipped one). */
export function usePageIsDefault(settingKey: PageKey): boolean {
  const text = usePublicSetting(settingKey, SETTING_SCHEMA[settingKey].default)
  return text.trim() === SETTING_SCHEMA[settingKey].default.trim()
}
