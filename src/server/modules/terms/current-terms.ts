import { deliveryPromise } from '../../../contracts/delivery-promise.js'
import { fillPlaceholders } from '../../../contracts/page-text.js'
import { storeNameOf } from '../../../contracts/settings.js'
import { formatTaxId, taxIdKind } from '../../../contracts/tax-id.js'
import type { SettingsMap } from '../settings/settings.service.js'

/**
 * The terms as the buyer reads them today: the owner's `page_terms` with its `{name}` words
 * filled in, then who sells (Decreto 7.962/2013, art. 2), as the terms page shows them. This is
 * the text each order keeps a copy of (terms.service.ts): a change of the text, of the download
 * quota or of the seller's details is a new version, and past orders keep theirs.
 */
export function currentTermsText(values: SettingsMap): string {
  const text = fillPlaceholders(values.page_terms, {
    loja: storeNameOf(values),
    horario: values.support_hours || 'em horário comercial',
    email: values.footer_email,
    whatsapp: values.whatsapp_number,
    downloads: String(values.max_downloads),
    minutos_link: String(values.download_link_expiry),
    // A copy is kept with each order whatever charged it: the words true under every mode.
    liberacao: deliveryPromise(undefined).release,
  })
  const document = values.seller_document
  const seller = [
    ['Loja', storeNameOf(values)],
    ['Vendedor', values.seller_name],
    ['CPF/CNPJ', document && taxIdKind(document) ? formatTaxId(document) : document],
    ['Endereço', values.seller_address],
    ['E-mail', values.seller_email || values.footer_email],
    ['Telefone', values.seller_phone || values.whatsapp_number],
    ['Atendimento', values.support_hours],
  ]
    .filter(([, value]) => value)
    .map(([label, value]) => `- ${label}: ${value}`)
  return [text.trim(), '# Quem vende', seller.join('\n')].join('\n\n')
}
