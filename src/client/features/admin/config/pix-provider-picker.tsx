import { useQuery } from '@tanstack/react-query'
import { useSaveSetting } from '../admin.mutations'
import { adminSettingsQuery } from '../admin.queries'
import { SettingField } from '../setting-field'

const OPTIONS = [
  { value: 'auto', label: 'Automático (chave PIX)' },
  { value: 'woovi', label: 'Woovi (OpenPix)' },
] as const

/**
 * Who charges the PIX (setting pix_provider) and Woovi's AppID, a secret: shown masked, kept
 * on the server. Woovi can be chosen only once its AppID is saved (the server says so too).
 */
export function PixProviderPicker() {
  const settings = useQuery(adminSettingsQuery())
  const save = useSaveSetting()
  const find = (key: string) => settings.data?.find((s) => s.key === key)
  const current = find('pix_provider')?.value || 'auto'
  const hasAppId = Boolean(find('woovi_app_id')?.value)

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
          ? 'A Woovi gera o QR Code de cada pedido e avisa a loja quando o PIX é pago. Cadastre o webhook da Woovi apontando para /api/webhooks/woovi desta loja.'
          : hasAppId
            ? 'Automático: Mercado Pago, se configurado, ou a chave PIX abaixo. O AppID da Woovi está salvo: escolha Woovi acima para cobrar por ela.'
            : 'Automático: Mercado Pago, se configurado, ou a chave PIX abaixo. Para usar a Woovi, cole primeiro o AppID dela e depois escolha Woovi acima.'}
      </p>
      <div className="mt-3">
        <SettingField
          settingKey="woovi_app_id"
          label="AppID da Woovi"
          setting={find('woovi_app_id')}
          hint="no painel da Woovi, em API/Plugins; fica guardado só no servidor"
        />
      </div>
    </div>
  )
}
