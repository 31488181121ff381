import type { PaymentProviderName } from '../../../../contracts/checkout.js'
import type { Config } from '../../../config.js'
import type { SettingsService } from '../../settings/settings.service.js'
import { demoProvider } from './demo.js'
import { createMercadoPagoApi } from './mercadopago-api.js'
import { mercadoPagoProvider } from './mercadopago.js'
import type { PixProvider } from './pix-provider.js'
import { staticProvider } from './static.js'

/**
 * Which provider charges: Mercado Pago when it has a token, else the static BR Code when a PIX
 * key is set (an admin may set it at any time, so this is decided per charge), else demo.
 */
export function createPixProviders(config: Config, settings: SettingsService) {
  const { accessToken, webhookSecret, apiUrl } = config.mercadoPago
  const mercadoPagoApi = accessToken ? createMercadoPagoApi({ apiUrl, accessToken }) : null
  // Mercado Pago only calls https addresses; without a public one the re-check does the work.
  const notificationUrl = config.publicUrl?.startsWith('https://')
    ? `${config.publicUrl}/api/webhooks/mercadopago?source_news=webhooks`
    : null
  const mercadoPago = mercadoPagoApi
    ? mercadoPagoProvider(mercadoPagoApi, { webhookSecret, notificationUrl })
    : null
  const demo = demoProvider()

  async function fromSettings(): Promise<PixProvider | null> {
    const key = await settings.get('pix_key')
    if (!key.trim()) return null
    return staticProvider({
      key,
      recipientName:
        (await settings.get('pix_recipient_name')) ||
        (await settings.get('mercadopago_store_name')),
      city: await settings.get('pix_city'),
    })
  }

  return {
    mercadoPago,
    mercadoPagoApi,
    notificationUrl,

    async current(): Promise<PixProvider> {
      return mercadoPago ?? (await fromSettings()) ?? demo
    },

    /** The provider an order was charged through; null when it is no longer configured. */
    async named(name: string): Promise<PixProvider | null> {
      const known = name as PaymentProviderName
      if (known === 'mercadopago') return mercadoPago
      if (known === 'static') return fromSettings()
      return known === 'demo' ? demo : null
    },
  }
}

export type PixProviders = ReturnType<typeof createPixProviders>
