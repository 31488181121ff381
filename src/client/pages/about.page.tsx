import { LegalLayout } from '../features/legal/legal-layout'
import { PageText, usePageIsDefault } from '../features/legal/page-text'

/** The owner's About page (`page_about`), with its questions under #perguntas-frequentes. */
export default function AboutPage() {
  return (
    <LegalLayout title="Sobre nós" updated={usePageIsDefault('page_about')}>
      <PageText settingKey="page_about" />
    </LegalLayout>
  )
}
