import { useQuery } from '@tanstack/react-query'
import { PIX_AUTOMATICO_PROVIDERS } from '../../../../contracts/setting-rules'
import { readSetting } from '../../../../contracts/settings'
import { adminSettingsQuery } from '../admin.queries'
import { SettingSwitch } from './setting-switch'

/**
 * The clube's PIX Automático (setting pix_automatico): offered only while Woovi or
 * Asaas charges the PIX (the server refuses it otherwise); the help says what changes for the
 * subscriber and what happens if the provider changes later.
 */
export function PixAutomaticoSwitch() {
  const settings = useQuery(adminSettingsQuery())
  const value = (key: string) => settings.data?.find((s) => s.key === key)?.value ?? ''
  const provider = readSetting('pix_provider', value('pix_provider'))
  if (!PIX_AUTOMATICO_PROVIDERS.includes(provider)) return null
  const on = readSetting('pix_automatico', value('pix_automatico'))
  const name = provider === 'woovi' ? 'Woovi' : 'Asaas'

  return (
    <SettingSwitch
      settingKey="pix_automatico"
      label="Clube: cobrar pelo PIX Automático"
      checked={on}
      disabled={!settings.data}
      tone="purple"
      testId="pix-automatico-switch"
      help={
        <>
          <p>
            {on
              ? `Ligado: o primeiro QR Code da assinatura paga o primeiro período e autoriza, no banco da assinante, o débito de cada renovação pela ${name}. Ela recebe um aviso antes de cada débito; se o banco recusar, a loja envia um PIX daquele período.`
              : 'Desligado: cada renovação do clube é um PIX enviado por e-mail alguns dias antes do fim do período.'}
          </p>
          <p>
            A {name} precisa ter o PIX Automático liberado na sua conta. Se você trocar de provedor
            depois, as assinaturas voltam a receber um PIX por mês.
          </p>
        </>
      }
    />
  )
}
