import { useQuery } from '@tanstack/react-query'
import { SETTING_SCHEMA } from '../../../../contracts/settings'
import { useSaveSetting } from '../admin.mutations'
import { adminSettingsQuery } from '../admin.queries'
import { SettingField } from '../setting-field'

// The names the contract gives each choice: the store's own key first.
const { options = [], optionLabels = {} } = SETTING_SCHEMA.pix_provider.type
const OPTIONS = options.map((value) => ({ value, label: optionLabels[value] ?? value }))

/** The address the owner registers in the provider's panel, on this store's own host. */
const webhookUrl = (provider: string) => `${window.location.origin}/api/webhooks/${provider}`

/** What a webhook is, in a teacher's words, wherever the panel asks for one. */
function WebhookExplained() {
  return (
    <p className="text-sm text-gray-600" data-testid="webhook-explained">
      Webhook é o aviso automático que o provedor manda para a loja quando um PIX é pago: é por ele
      que a loja libera os materiais sem você precisar conferir o extrato.
    </p>
  )
}

function WebhookAddress({ provider, children }: { provider: string; children: string }) {
  return (
    <div className="mt-3 rounded-xl bg-purple-50 p-3 text-sm text-purple-950">
      <WebhookExplained />
      <p className="mt-2 font-semibold">{children}</p>
      <code
        data-testid={`webhook-url-${provider}`}
        className="mt-1 block break-all rounded-lg bg-white px-2 py-1 text-xs"
      >
        {webhookUrl(provider)}
      </code>
    </div>
  )
}

/**
 * Who charges the PIX (setting pix_provider) and each provider's secrets (Woovi's AppID,
 * Asaas' API key and webhook token): shown masked, kept on the server. A provider can be chosen
 * only once its key is saved (the server says so too).
 */
export function PixProviderPicker() {
  const settings = useQuery(adminSettingsQuery())
  const save = useSaveSetting()
  const find = (key: string) => settings.data?.find((s) => s.key === key)
  const current = find('pix_provider')?.value || 'auto'
  const hasAppId = Boolean(find('woovi_app_id')?.value)
  const hasAsaasKey = Boolean(find('asaas_api_key')?.value)

  return (
    <div data-testid="pix-provider" className="mb-4 rounded-2xl border-2 border-purple-100 p-4">
      <label htmlFor="config-pix_provider" className="font-bold text-purple-900">
        Quem cobra o PIX
      </label>
      <select
        id="config-pix_provider"
        value={current}
        disabled={save.isPending || !settings.data}
        aria-describedby="config-pix_provider-ajuda"
        onChange={(e) =>
          save.mutate({ key: 'pix_provider', value: e.target.value, category: 'payment' })
        }
        className="mt-1 block h-11 w-full rounded-xl border-2 border-purple-100 bg-white px-3 text-base focus:border-purple-500 focus:outline-none"
      >
        {OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <p id="config-pix_provider-ajuda" className="mt-1 text-sm text-gray-600">
        {current === 'woovi'
          ? 'A Woovi gera o QR Code de cada pedido e avisa a loja quando o PIX é pago.'
          : current === 'asaas'
            ? 'A Asaas gera o QR Code de cada pedido e avisa a loja quando o PIX é pago. O comprador informa o CPF (ou CNPJ) no checkout, porque a Asaas só cobra com o documento de quem paga.'
            : hasAppId || hasAsaasKey
              ? 'Minha chave PIX: o comprador paga na chave da loja e você confirma cada pagamento (com o Mercado Pago configurado, ele cobra). Para cobrar pela Woovi ou pela Asaas, escolha-a acima (a chave dela já está salva).'
              : 'Minha chave PIX: o comprador paga na chave da loja e você confirma cada pagamento (com o Mercado Pago configurado, ele cobra). Para usar a Woovi ou a Asaas, cole primeiro a chave dela abaixo e depois escolha-a acima.'}
      </p>

      <fieldset className="mt-4 space-y-3 border-t border-purple-100 pt-3">
        <legend className="pt-3 text-sm font-bold text-purple-900">Woovi (OpenPix)</legend>
        <SettingField settingKey="woovi_app_id" setting={find('woovi_app_id')} />
        {current === 'woovi' && (
          <WebhookAddress provider="woovi">
            Cadastre o webhook da Woovi com este endereço:
          </WebhookAddress>
        )}
      </fieldset>

      <fieldset className="mt-4 space-y-3 border-t border-purple-100 pt-3">
        <legend className="pt-3 text-sm font-bold text-purple-900">Asaas</legend>
        <SettingField settingKey="asaas_api_key" setting={find('asaas_api_key')} />
        <SettingField settingKey="asaas_webhook_token" setting={find('asaas_webhook_token')} />
        {current !== 'asaas' && <WebhookExplained />}
        {current === 'asaas' && (
          <WebhookAddress provider="asaas">
            Na Asaas, em Integrações › Webhooks, crie um webhook de cobranças com este endereço e o
            mesmo token, com os eventos PAYMENT_RECEIVED, PAYMENT_CONFIRMED e PAYMENT_REFUNDED:
          </WebhookAddress>
        )}
      </fieldset>
    </div>
  )
}
