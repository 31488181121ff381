import { createRoot, type Root } from 'react-dom/client'
import { onConsentChange, readConsent } from '../../lib/consent'
import { queryClient } from '../../lib/query-client'
import { publicSettingsQuery } from '../settings/settings.api'
import { ConsentBanner } from './consent-banner'
import { startPixels, type PixelIds } from './pixels'

let root: Root | null = null

async function pixelIds(): Promise<PixelIds> {
  const settings = await queryClient.fetchQuery(publicSettingsQuery())
  const s = settings as Record<string, string | undefined>
  return {
    meta: s.meta_pixel_id ?? '',
    ga4: s.ga4_measurement_id ?? '',
    tiktok: s.tiktok_pixel_id ?? '',
  }
}

function close() {
  root?.unmount()
  root = null
  document.getElementById('consentimento')?.remove()
}

/** Shows the banner (again: the footer's 'Cookies' link). */
export function openBanner() {
  if (root) return
  const host = document.createElement('div')
  host.id = 'consentimento'
  document.body.appendChild(host)
  root = createRoot(host)
  root.render(<ConsentBanner onDone={close} />)
}

/**
 * After the page loaded: the shop's pixels (if any) load once the buyer accepted; the banner
 * asks a buyer who has not answered, only when the shop has a pixel to ask about.
 */
export async function startConsent() {
  const ids = await pixelIds().catch(() => null)
  if (!ids || !(ids.meta || ids.ga4 || ids.tiktok)) return
  const apply = () => {
    if (readConsent() === 'accepted') startPixels(ids)
  }
  onConsentChange(apply)
  apply()
  if (readConsent() === null) openBanner()
}
