import { Link } from 'wouter'
import { TERMS_INTRO, termsSections } from '../../contracts/terms'
import { LegalLayout } from '../features/legal/legal-layout'
import { usePublicSetting } from '../features/settings/settings.queries'

/** The terms as the contract has them (contracts/terms.ts), the same text each order keeps. */
export default function TermsPage() {
  const maxDownloads = Number(usePublicSetting('max_downloads', '3'))
  const linkMinutes = Number(usePublicSetting('download_link_expiry', '30'))
  const email = usePublicSetting('footer_email')
  const sections = termsSections({ maxDownloads, linkMinutes, email })

  return (
    <LegalLayout title="Termos de uso">
      <section id="termos">
        <p>{TERMS_INTRO}</p>
        {sections.map((s) => (
          <div key={s.title}>
            <h2>{s.title}</h2>
            {s.paragraphs?.map((p) => (
              <p key={p}>{p}</p>
            ))}
            {s.items && (
              <ul>
                {s.items.map((i) => (
                  <li key={i}>{i}</li>
                ))}
              </ul>
            )}
          </div>
        ))}
        <p>
          Veja também a <Link href="/politica-privacidade">Política de privacidade</Link> e o{' '}
          <Link href="/fale-conosco">Fale conosco</Link>.
        </p>
      </section>
    </LegalLayout>
  )
}
