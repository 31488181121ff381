// Apart from store-brand.tsx, which the header (on every first screen) imports: the footer and
// the terms page, loaded later, are the only readers of the seller's identity.
import { formatTaxId, taxIdKind } from '../../../contracts/tax-id-digits'
import { formatPhoneBR } from '../../lib/format'
import { usePublicSetting } from './settings.api'

export interface SellerIdentity {
  name: string
  /** 'CPF 123.456.789-09' or 'CNPJ 11.222.333/0001-81'; empty when not filled in. */
  document: string
  address: string
  email: string
  phone: string
}

/**
 * Who sells, as the e-commerce decree (Decreto 7.962/2013, art. 2) asks every shop to show it:
 * name or company name, CPF/CNPJ, address, e-mail and phone. The footer's older CNPJ and
 * address fields, the contact e-mail and the support WhatsApp fill what the owner left empty.
 */
export function useSellerIdentity(): SellerIdentity {
  const name = usePublicSetting('seller_name')
  const document = usePublicSetting('seller_document', usePublicSetting('footer_cnpj'))
  const address = usePublicSetting('seller_address', usePublicSetting('footer_address'))
  const email = usePublicSetting('seller_email', usePublicSetting('footer_email'))
  const whatsapp = usePublicSetting('whatsapp_number')
  const phone = usePublicSetting('seller_phone', whatsapp ? formatPhoneBR(whatsapp) : '')
  const kind = taxIdKind(document)
  return {
    name,
    document: document
      ? `${kind === 'cpf' ? 'CPF' : 'CNPJ'} ${kind ? formatTaxId(document) : document}`
      : '',
    address,
    email,
    phone,
  }
}
