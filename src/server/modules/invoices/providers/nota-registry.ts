import { taxIdDigits } from '../../../../contracts/tax-id.js'
import type { Config } from '../../../config.js'
import type { SettingsService } from '../../settings/settings.service.js'
import { asaasApiUrl, createAsaasApi } from '../../../providers/asaas-api.js'
import { asaasNotaProvider } from './nota-asaas.js'
import { focusNfeNotaProvider } from './nota-focusnfe.js'
import type { NotaProvider } from './nota-provider.js'

/** The nota issuers the store speaks, by their `nfse_provider` value and webhook address name. */
export const NOTA_PROVIDERS = ['asaas', 'focusnfe'] as const

/**
 * Which issuer makes the notas: the 'Nota fiscal' settings, read per call (the owner may switch
 * at any time). Asaas uses the PIX provider's key and address (ASAAS_API_URL); Focus NFe its
 * token and FOCUSNFE_API_URL. Null when off or its key is missing.
 */
export function createNotaProviders(config: Config, settings: SettingsService) {
  async function named(name: string): Promise<NotaProvider | null> {
    if (name === 'asaas') {
      const apiKey = (await settings.get('asaas_api_key')).trim()
      if (!apiKey) return null
      const apiUrl = asaasApiUrl(apiKey, config.asaas.apiUrl)
      const allowPrivate = config.allowPrivateIntegrations
      return asaasNotaProvider({
        apiUrl,
        allowPrivate,
        apiKey,
        webhookToken: (await settings.get('asaas_webhook_token')).trim(),
        customers: createAsaasApi({ apiUrl, apiKey, allowPrivate }),
      })
    }
    if (name === 'focusnfe') {
      const token = (await settings.get('focusnfe_token')).trim()
      if (!token) return null
      return focusNfeNotaProvider({
        apiUrl: config.focusNfe.apiUrl,
        allowPrivate: config.allowPrivateIntegrations,
        token,
        // The seller's document (Decreto 7.962 identity), else the older footer CNPJ.
        sellerCnpj: taxIdDigits(
          (await settings.get('seller_document')) || (await settings.get('footer_cnpj')),
        ),
      })
    }
    return null
  }

  return {
    named,
    /** The issuer the settings choose now; null when notas are off or it lacks its key. */
    async current(): Promise<NotaProvider | null> {
      return named(await settings.get('nfse_provider'))
    },
    /** Whether `name` is an issuer's webhook address (`/api/webhooks/nfse/<name>`). */
    isWebhook: (name: string) => (NOTA_PROVIDERS as readonly string[]).includes(name),
  }
}

export type NotaProviders = ReturnType<typeof createNotaProviders>
