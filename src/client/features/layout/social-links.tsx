import { instagramHandle, instagramLink, whatsappLink } from '../../lib/format'
import { usePublicSetting } from '../settings/settings.api'
import { InstagramIcon, WhatsAppIcon } from './icons'

const linkClass =
  'inline-flex items-center gap-1 rounded-md px-1 hover:underline focus-visible:outline-2 focus-visible:outline-white'

export function SocialLinks() {
  const instagram = usePublicSetting('footer_instagram')
  const whatsapp = usePublicSetting('whatsapp_number')
  return (
    <div className="flex items-center gap-3">
      {instagram && (
        <a
          href={instagramLink(instagram)}
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
        >
          <InstagramIcon />
          <span className="sr-only sm:not-sr-only">{instagramHandle(instagram)}</span>
          <span className="sr-only"> no Instagram (abre em nova aba)</span>
        </a>
      )}
      {whatsapp && (
        <a
          href={whatsappLink(whatsapp)}
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
        >
          <WhatsAppIcon />
          {/* On a phone the strip also holds 'Meus materiais' and the clube: the icon alone. */}
          <span className="sr-only sm:not-sr-only">WhatsApp</span>
          <span className="sr-only"> (abre em nova aba)</span>
        </a>
      )}
    </div>
  )
}
