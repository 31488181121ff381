import { useQuery } from '@tanstack/react-query'
import { readSetting } from '../../../../contracts/settings'
import { adminSettingsQuery, paymentModeQuery } from '../admin.queries'
import { SettingSwitch } from './setting-switch'

/**
 * The explicit demo mode (setting payment_demo). Saving a PIX key turns it off for good; only
 * this switch turns it back on, and it counts only while no payment method is configured.
 */
export function DemoSwitch() {
  const settings = useQuery(adminSettingsQuery())
  const mode = useQuery(paymentModeQuery())
  const stored = settings.data?.find((s) => s.key === 'payment_demo')?.value
  const on = stored !== undefined && readSetting('payment_demo', stored)
  const charging = mode.data !== undefined && !['demo', 'unavailable'].includes(mode.data.mode)
  const chosenProvider =
    mode.data?.mode === 'woovi' ? 'Woovi' : mode.data?.mode === 'asaas' ? 'Asaas' : null

  return (
    <SettingSwitch
      settingKey="payment_demo"
      label="Modo demonstração"
      checked={on && !charging}
      disabled={charging || !settings.data}
      tone="amber"
      testId="demo-switch"
      help={
        <p>
          {charging
            ? chosenProvider
              ? `Desligado: a loja cobra pela ${chosenProvider}. Para voltar ao modo demonstração, escolha "Minha chave PIX" em "Quem cobra o PIX" e deixe a chave PIX vazia.`
              : 'Desligado: a loja cobra pela forma de pagamento configurada. Para voltar ao modo demonstração, apague a chave PIX.'
            : on
              ? 'Ligado: os pedidos não são cobrados e o próprio comprador confirma o pagamento. Use só para testar a loja; ao salvar a chave PIX, o modo demonstração é desligado.'
              : 'Desligado e sem chave PIX: a loja não aceita pedidos (o comprador vê "Pagamento indisponível"). Cadastre a chave PIX abaixo ou ligue o modo demonstração para testar.'}
        </p>
      }
    />
  )
}
