import { useQuery } from '@tanstack/react-query'
import { readSetting } from '../../../../contracts/settings'
import { adminSettingsQuery } from '../admin.queries'
import { SettingSwitch } from './setting-switch'

/**
 * The PIX reminders (setting recovery_enabled), off until the owner turns them on; the help
 * says when they go, and that a reminder only goes while the PIX can still be paid.
 */
export function RecoverySwitch() {
  const settings = useQuery(adminSettingsQuery())
  const value = (key: string) => settings.data?.find((s) => s.key === key)?.value
  const on = readSetting('recovery_enabled', value('recovery_enabled') ?? '')
  const expiry = readSetting('pix_expiry_minutes', value('pix_expiry_minutes') ?? '')
  const secondHours = readSetting('recovery_second_hours', value('recovery_second_hours') ?? '')
  const secondTooLate = secondHours * 60 >= expiry

  return (
    <SettingSwitch
      settingKey="recovery_enabled"
      label="Lembrar quem não pagou o PIX"
      checked={on}
      disabled={!settings.data}
      tone="purple"
      testId="recovery-switch"
      help={
        <>
          <p>
            {on
              ? 'Ligado: o comprador que gerou o PIX e não pagou recebe um lembrete por e-mail e pelo WhatsApp (se a loja tiver WhatsApp conectado), com o link para pagar e um link para não receber mais lembretes.'
              : 'Desligado: nenhum lembrete é enviado.'}
          </p>
          <p>
            Cada lembrete vai uma vez só, e apenas enquanto o pedido ainda pode ser pago: nunca
            depois de pago, cancelado ou com o PIX vencido (validade do PIX: {expiry} minutos, na
            aba Pagamento).
          </p>
          {secondTooLate && (
            <p data-testid="recovery-second-note" className="font-semibold">
              Com essa validade, o segundo lembrete ({secondHours} h) não chega a ser enviado: o PIX
              vence antes. Para usá-lo, aumente a validade do PIX.
            </p>
          )}
        </>
      }
    />
  )
}
