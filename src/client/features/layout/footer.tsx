import { Link } from 'wouter'
import { formatPhoneBR, instagramHandle, instagramLink, whatsappLink } from '../../lib/format'
import { useDeliveryPromise } from '../settings/delivery-promise'
import { usePublicSetting } from '../settings/settings.api'
import { InstagramIcon, WhatsAppIcon } from './icons'
import { useSellerIdentity, type SellerIdentity } from '../settings/seller-identity'
import { capitalised, StoreMark, useStoreName } from '../settings/store-brand'
import { NewsletterSignup } from './newsletter-signup'
import { usePlansOnSale } from '../clube/clube.api'

const LEGAL_LINKS = [
  { href: '/sobre-nos', label: 'Sobre nós' },
  { href: '/sobre-nos#perguntas-frequentes', label: 'Perguntas frequentes' },
  { href: '/politica-privacidade', label: 'Política de privacidade' },
  { href: '/termos-uso', label: 'Termos de uso' },
  { href: '/fale-conosco', label: 'Fale conosco' },
]

const linkClass =
  'rounded hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-white'

export function Footer() {
  const description = usePublicSetting('footer_description')
  const whatsapp = usePublicSetting('footer_whatsapp', usePublicSetting('whatsapp_number'))
  const email = usePublicSetting('footer_email')
  const instagram = usePublicSetting('footer_instagram')
  const hours = usePublicSetting('support_hours')
  const storeName = useStoreName()
  const promise = useDeliveryPromise()
  const seller = useSellerIdentity()
  const clube = usePlansOnSale().length > 0

  return (
    <footer className="mt-16 bg-purple-950 text-sm text-purple-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section>
          <p className="flex items-center gap-2 text-base font-bold text-white">
            <StoreMark className="h-8" /> {storeName}
          </p>
          {description && <p className="mt-2 leading-relaxed text-purple-200">{description}</p>}
          <p data-testid="footer-promise" className="mt-2 leading-relaxed text-purple-200">
            {promise.release}
          </p>
        </section>
        <section aria-labelledby="footer-contato">
          <h2 id="footer-contato" className="font-bold text-white">
            Contato
          </h2>
          <ul className="mt-2 space-y-2">
            {whatsapp && (
              <li>
                <a
                  href={whatsappLink(whatsapp)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`inline-flex items-center gap-2 ${linkClass}`}
                >
                  <WhatsAppIcon /> {formatPhoneBR(whatsapp)}
                </a>
              </li>
            )}
            {email && (
              <li>
                <a
                  href={`mailto:${email}`}
                  className={`inline-flex items-center gap-2 ${linkClass}`}
                >
                  <span aria-hidden="true">✉️</span> {email}
                </a>
              </li>
            )}
            {instagram && (
              <li>
                <a
                  href={instagramLink(instagram)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`inline-flex items-center gap-2 ${linkClass}`}
                >
                  <InstagramIcon /> {instagramHandle(instagram)}
                </a>
              </li>
            )}
            {hours && (
              <li className="flex items-center gap-2">
                <span aria-hidden="true">🕗</span> {capitalised(hours)}
              </li>
            )}
          </ul>
        </section>
        <nav aria-labelledby="footer-institucional">
          <h2 id="footer-institucional" className="font-bold text-white">
            Institucional
          </h2>
          <ul className="mt-2 space-y-2">
            {clube && (
              <li>
                <Link href="/clube" data-testid="footer-clube" className={linkClass}>
                  Clube de materiais
                </Link>
              </li>
            )}
            {LEGAL_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                data-testid="consent-open"
                className={linkClass}
                onClick={() => void import('../consent/consent-entry').then((m) => m.openBanner())}
              >
                Cookies e anúncios
              </button>
            </li>
          </ul>
        </nav>
        <NewsletterSignup />
      </div>
      <div className="border-t border-purple-800">
        <div className="mx-auto max-w-6xl space-y-1 px-4 py-4 text-xs text-purple-300">
          {/* The server's copy of the page may be from last year for a moment on 1 January. */}
          <p suppressHydrationWarning>
            © {new Date().getFullYear()} {storeName}. Todos os direitos reservados.
          </p>
          <SellerLines seller={seller} />
          <p>
            Pagamentos via PIX <span aria-hidden="true">💠</span>
          </p>
        </div>
      </div>
    </footer>
  )
}

/** Who sells (Decreto 7.962/2013, art. 2), one line each; nothing when not filled in. */
function SellerLines({ seller }: { seller: SellerIdentity }) {
  const head = [seller.name, seller.document].filter(Boolean).join(' · ')
  const contact = [seller.email, seller.phone].filter(Boolean).join(' · ')
  return (
    <div data-testid="seller-identity" className="space-y-1">
      {head && <p>{head}</p>}
      {seller.address && <p>{seller.address}</p>}
      {contact && <p>{contact}</p>}
    </div>
  )
}
