import { DEFAULT_STORE_NAME } from '../../../contracts/settings'
import { formatTaxId, taxIdKind } from '../../../contracts/tax-id'
import { formatPhoneBR } from '../../lib/format'
import { usePublicSetting } from './settings.queries'

/** The owner's `store_name`; the default while the settings load. */
export const useStoreName = () => usePublicSetting('store_name', DEFAULT_STORE_NAME)

/** 'segunda a sexta, das 8h às 18h' → 'Segunda a sexta, das 8h às 18h': how a line starts. */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** The uploaded logo, or the store's apple when there is none (the name beside it says who). */
export function StoreMark({ className = 'h-9' }: { className?: string }) {
  const logo = usePublicSetting('store_logo')
  if (logo) {
    return (
      <img
        src={logo}
        alt=""
        className={`${className} w-auto max-w-16 shrink-0 rounded-md object-contain`}
      />
    )
  }
  return (
    <span aria-hidden="true" className="text-2xl">
      🍎
    </span>
  )
}

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
