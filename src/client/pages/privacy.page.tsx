import { LegalLayout } from '../features/legal/legal-layout'
import { PageText, usePageIsDefault } from '../features/legal/page-text'

/** The owner's privacy policy (`page_privacy`). */
export default function PrivacyPage() {
  return (
    <LegalLayout title="Política de privacidade" updated={usePageIsDefault('page_privacy')}>
      <PageText settingKey="page_privacy" />
    </LegalLayout>
  )
}
