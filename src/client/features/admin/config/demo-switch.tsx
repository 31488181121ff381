import { useQuery } from '@tanstack/react-query'
import { useSaveSetting } from '../admin.mutations'
import { adminSettingsQuery, paymentModeQuery } from '../admin.queries'

/**
 * The explicit demo mode (setting payment_demo). Saving a PIX key turns it off for good; only
 * this switch turns it back on, and it counts only while no payment method is configured.
 */
export function DemoSwitch() {
  const settings = useQuery(adminSettingsQuery())
  const mode = useQuery(paymentModeQuery())
  const save = useSaveSetting()
  const on = settings.data?.find((s) => s.key === 'payment_demo')?.value === 'true'
  const charging = mode.data !== undefined && !['demo', 'unavailable'].includes(mode.data.mode)
  const chosenProvider =
    mode.data?.mode === 'woovi' ? 'Woovi' : mode.data?.mode === 'asaas' ? 'Asaas' : null

  return (
    <div
      data-testid="demo-switch"
      className="mb-4 rounded-2xl border-2 border-amber-200 bg-amber-50 p-4"
    >
      <label className="flex items-center justify-between gap-3">
        <span className="font-bold text-amber-950">Modo demonstração</span>
        <input
          type="checkbox"
          role="switch"
          aria-describedby="demo-switch-ajuda"
          checked={on && !charging}
          disabled={charging || save.isPending || !settings.data}
          onChange={(e) =>
            save.mutate({
              key: 'payment_demo',
              value: e.target.checked ? 'true' : 'false',
              category: 'payment',
            })
          }
          className="size-6 accent-purple-700"
        />
      </label>
      <p id="demo-switch-ajuda" className="mt-2 text-sm text-amber-950">
        {charging
          ? chosenProvider
            ? `Desligado: a loja cobra pela ${chosenProvider}. Para voltar ao modo demonstração, escolha Automático em "Quem cobra o PIX" e deixe a chave PIX vazia.`
            : 'Desligado: a loja cobra pela forma de pagamento configurada. Para voltar ao modo demonstração, apague a chave PIX.'
          : on
            ? 'Ligado: os pedidos não são cobrados e o próprio comprador confirma o pagamento. Use só para testar a loja; ao salvar a chave PIX, o modo demonstração é desligado.'
            : 'Desligado e sem chave PIX: a loja não aceita pedidos (o comprador vê "Pagamento indisponível"). Cadastre a chave PIX abaixo ou ligue o modo demonstração para testar.'}
      </p>
    </div>
  )
}
