import { Link } from 'wouter'
import { LegalLayout } from '../features/legal/legal-layout'
import { PageText, usePageIsDefault } from '../features/legal/page-text'
import { useSellerIdentity } from '../features/settings/seller-identity'
import { capitalised, useStoreName } from '../features/settings/store-brand'
import { usePublicSetting } from '../features/settings/settings.api'

/**
 * The owner's terms (`page_terms`), then who sells and when she answers: the seller's identity
 * the e-commerce decree (Decreto 7.962/2013, art. 2) asks for, always shown, whatever the text.
 */
export default function TermsPage() {
  const seller = useSellerIdentity()
  const storeName = useStoreName()
  const hours = usePublicSetting('support_hours')
  const rows: [string, string][] = [
    ['Loja', storeName],
    ['Vendedor', seller.name],
    ['CPF/CNPJ', seller.document.replace(/^(CPF|CNPJ) /, '')],
    ['Endereço', seller.address],
    ['E-mail', seller.email],
    ['Telefone', seller.phone],
    ['Atendimento', hours ? capitalised(hours) : ''],
  ]
  return (
    <LegalLayout title="Termos de uso" updated={usePageIsDefault('page_terms')}>
      <PageText settingKey="page_terms" />
      <section id="quem-vende" aria-labelledby="quem-vende-titulo" data-testid="terms-seller">
        <h2 id="quem-vende-titulo">Quem vende</h2>
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-gray-700">
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-semibold">{label}</dt>
                <dd className="[overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
        </dl>
        <p className="mt-3">
          Dúvidas ou problemas com um pedido? Escreva pelo{' '}
          <Link href="/fale-conosco">Fale conosco</Link>: a resposta vem em até 5 dias.
        </p>
      </section>
    </LegalLayout>
  )
}
