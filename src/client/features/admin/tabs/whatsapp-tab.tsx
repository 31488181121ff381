import { WhatsappConfigPanel } from '../whatsapp/whatsapp-config-form'
import { WhatsappStatusPanel } from '../whatsapp/whatsapp-status-panel'

/**
 * The Evolution API integration: its live status (polled every 5 s), a test send, and its
 * four settings, saved together (the settings tab still saves them one by one too).
 */
export function WhatsappTab() {
  return (
    <div className="space-y-4">
      <WhatsappStatusPanel />
      <WhatsappConfigPanel />
    </div>
  )
}
