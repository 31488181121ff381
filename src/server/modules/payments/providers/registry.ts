import {
  PAYMENT_UNAVAILABLE_MESSAGE,
  type PaymentMode,
  type PaymentProviderName,
} from '../../../../contracts/checkout.js'
import type { Config } from '../../../config.js'
import { AppError } from '../../../errors.js'
import type { Db } from '../../../db/client.js'
import type { SettingsMap, SettingsService } from '../../settings/settings.service.js'
import { asaasProvider } from './asaas.js'
import { asaasApiUrl, createAsaasApi } from '../../../providers/asaas-api.js'
import { demoProvider } from './demo.js'
import { createMercadoPagoApi } from './mercadopago-api.js'
import { mercadoPagoCardCheckout, mercadoPagoProvider } from './mercadopago.js'
import type { PixProvider } from './pix-provider.js'
import { staticProvider } from './static.js'
import { createWooviApi } from './woovi-api.js'
import { wooviProvider } from './woovi.js'
import { WOOVI_PUBLIC_KEY } from './woovi-signature.js'

/**
 * The providers that notify the store: each one's address is `/api/webhooks/<name>` (the
 * owners registered these at the providers: they never change), and the answer when it is not
 * set up. `rawBody`: the provider signs the exact bytes it sends, so its route keeps the JSON
 * body as text and parses it only after the signature holds (docs/decisions/017, "Woovi").
 * - Mercado Pago retries for days unless answered quickly: the lookup is bounded (10 s) and its
 *   failures are left to the scheduled re-check; only a forged notification is refused.
 * - Asaas authenticates with the token the owner set on the webhook (`asaas-access-token`); it
 *   counts only a 200 as delivered, so everything but a bad token is answered 200.
 * - Woovi signs its body with RSA (`x-webhook-signature`).
 */
export const WEBHOOK_PROVIDERS = [
  { name: 'mercadopago', rawBody: false, notConfigured: 'Mercado Pago não configurado' },
  { name: 'asaas', rawBody: false, notConfigured: 'Asaas não configurada' },
  { name: 'woovi', rawBody: true, notConfigured: 'Woovi não configurada' },
] as const satisfies readonly {
  name: PaymentProviderName
  rawBody: boolean
  notConfigured: string
}[]

/** The remote providers, in the order the scheduled re-checks ask them. */
export const REMOTE_PROVIDERS = [
  'mercadopago',
  'woovi',
  'asaas',
] as const satisfies readonly PaymentProviderName[]

/**
 * Which provider charges: Woovi or Asaas when 'Pagamento' names it and its key is saved, else
 * Mercado Pago when it has a token, else the static BR Code when a PIX
 * key is set (an admin may set it at any time, so this is decided per charge), else demo, but
 * only while the `payment_demo` setting says so: a store that once charged never silently
 * falls back to giving orders away.
 */
export function createPixProviders(config: Config, settings: SettingsService) {
  const { accessToken, webhookSecret, apiUrl } = config.mercadoPago
  const allowPrivate = config.allowPrivateIntegrations
  const mercadoPagoApi = accessToken
    ? createMercadoPagoApi({ apiUrl, accessToken, allowPrivate })
    : null
  // Mercado Pago only calls https addresses; without a public one the re-check does the work.
  const notificationUrl = config.publicUrl?.startsWith('https://')
    ? `${config.publicUrl}/api/webhooks/mercadopago?source_news=webhooks`
    : null
  const mercadoPago = mercadoPagoApi
    ? mercadoPagoProvider(mercadoPagoApi, { webhookSecret, notificationUrl })
    : null
  const demo = demoProvider()

  /** The store's own PIX key, from `values` (the settings as read for this decision). */
  function fromSettings(values: SettingsMap): PixProvider | null {
    const key = values.pix_key
    if (!key.trim()) return null
    return staticProvider({
      key,
      recipientName: values.pix_recipient_name || values.store_name,
      city: values.pix_city,
    })
  }

  /**
   * Woovi from its AppID (a setting, read per charge). `chosen`: only while 'Pagamento' picks it;
   * otherwise also after a switch away, so its orders are still re-checked and refunded.
   */
  function woovi(chosen: boolean, values: SettingsMap): PixProvider | null {
    if (chosen && values.pix_provider !== 'woovi') return null
    const appId = values.woovi_app_id.trim()
    if (!appId) return null
    return wooviProvider(createWooviApi({ apiUrl: config.woovi.apiUrl, appId, allowPrivate }), {
      publicKey: config.woovi.webhookPublicKey ?? WOOVI_PUBLIC_KEY,
    })
  }

  /**
   * Asaas from its API key (a setting, read per call), the same way as Woovi: `chosen` only
   * while 'Pagamento' picks it; otherwise also after a switch away, for its older orders.
   */
  function asaas(chosen: boolean, values: SettingsMap): PixProvider | null {
    if (chosen && values.pix_provider !== 'asaas') return null
    const apiKey = values.asaas_api_key.trim()
    if (!apiKey) return null
    const apiUrl = asaasApiUrl(apiKey, config.asaas.apiUrl)
    return asaasProvider(createAsaasApi({ apiUrl, apiKey, allowPrivate }), {
      webhookToken: values.asaas_webhook_token.trim(),
    })
  }

  /** The provider 'Pagamento' chose by name, when its key is there. */
  const chosenRemote = (values: SettingsMap) => woovi(true, values) ?? asaas(true, values)

  function configured(values: SettingsMap): PixProvider | null {
    return (
      chosenRemote(values) ??
      mercadoPago ??
      fromSettings(values) ??
      (values.payment_demo ? demo : null)
    )
  }

  /** The provider that charges now, from the settings as this instance holds them. */
  const charging = async () => configured(await settings.all())

  return {
    /** Card payments on the provider's page, when a provider that takes them is set up. */
    card: mercadoPagoApi ? mercadoPagoCardCheckout(mercadoPagoApi, { notificationUrl }) : null,

    /** Whether the provider that charges now asks the payer's CPF/CNPJ (the checkout form). */
    async needsTaxId(): Promise<boolean> {
      return (await charging())?.needsTaxId === true
    },

    /** What the owner should know at start-up about how payments will be learnt. */
    startupWarnings(): string[] {
      return accessToken && !webhookSecret
        ? [
            'MERCADOPAGO_WEBHOOK_SECRET not set: webhooks are refused, payments are found by the re-check every minute',
          ]
        : []
    },

    async mode(): Promise<PaymentMode> {
      return (await charging())?.name ?? 'unavailable'
    },

    /**
     * The mode as the settings stand at this moment (read through `tx` inside a transaction),
     * not as this instance last cached them: demo mode gives materials away, so whether the
     * store is still in it is never taken from a copy another instance may have just changed.
     */
    async modeNow(tx?: Db): Promise<PaymentMode> {
      return configured(await settings.readNow(tx))?.name ?? 'unavailable'
    },

    /** The provider that charges a new order; 503 when demo was left and none is configured. */
    async current(): Promise<PixProvider> {
      const provider = await charging()
      if (!provider) throw new AppError('unavailable', PAYMENT_UNAVAILABLE_MESSAGE)
      return provider
    },

    /**
     * At start-up: a store that has a payment method has left demo mode, for good (this also
     * covers a store that had its PIX key before the switch existed). Answers the mode.
     */
    async settleMode(): Promise<PaymentMode> {
      const values = await settings.all()
      if ((mercadoPago || chosenRemote(values) || fromSettings(values)) && values.payment_demo) {
        await settings.set('payment_demo', false)
      }
      return this.mode()
    },

    /** The provider an order was charged through; null when it is no longer configured. */
    async named(name: string): Promise<PixProvider | null> {
      const known = name as PaymentProviderName
      if (known === 'mercadopago') return mercadoPago
      const values = await settings.all()
      if (known === 'static') return fromSettings(values)
      if (known === 'woovi') return woovi(false, values)
      if (known === 'asaas') return asaas(false, values)
      return known === 'demo' ? demo : null
    },
  }
}

export type PixProviders = ReturnType<typeof createPixProviders>
