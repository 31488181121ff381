import { useQuery } from '@tanstack/react-query'
import { CITY_MAX, NAME_MAX, pixCutNotice } from '../../../../contracts/pix'
import { LoadError, Loading } from '../../../ui/query-state'
import { adminSettingsQuery } from '../admin.queries'
import { SettingField, type SettingFieldProps } from '../setting-field'

type FieldSpec = Omit<SettingFieldProps, 'setting'>

const NUMBER_HINT = 'código do país + DDD + número, só dígitos (5511999999999)'

export const CONFIG_SECTIONS: Record<
  'banner' | 'social' | 'payment' | 'recovery' | 'general' | 'email',
  FieldSpec[]
> = {
  banner: [
    { settingKey: 'banner_title', label: 'Título', hint: 'vazio: o título padrão da loja' },
    { settingKey: 'banner_subtitle', label: 'Slogan', multiline: true },
    {
      settingKey: 'banner_image_url',
      label: 'Imagem de fundo',
      type: 'url',
      hint: 'https://... ou o endereço de uma imagem da loja',
    },
  ],
  social: [
    { settingKey: 'footer_instagram', label: 'Instagram', hint: '@usuario ou endereço completo' },
    { settingKey: 'whatsapp_number', label: 'WhatsApp de suporte', type: 'tel', hint: NUMBER_HINT },
    { settingKey: 'footer_whatsapp', label: 'WhatsApp do rodapé', type: 'tel', hint: NUMBER_HINT },
  ],
  payment: [
    { settingKey: 'pix_key', label: 'Chave PIX', hint: 'CPF, CNPJ, e-mail, telefone ou aleatória' },
    {
      settingKey: 'pix_recipient_name',
      label: 'Nome do recebedor',
      hint: `até ${NAME_MAX} letras`,
      notice: (value) => pixCutNotice(value, NAME_MAX),
    },
    {
      settingKey: 'pix_city',
      label: 'Cidade do recebedor',
      hint: `até ${CITY_MAX} letras`,
      notice: (value) => pixCutNotice(value, CITY_MAX),
    },
    {
      settingKey: 'pix_expiry_minutes',
      label: 'Validade do PIX (minutos)',
      type: 'number',
      hint: 'de 30 a 1440; depois disso o pedido não pago é cancelado',
    },
  ],
  recovery: [
    {
      settingKey: 'recovery_first_minutes',
      label: 'Primeiro lembrete (minutos depois do pedido)',
      type: 'number',
      hint: 'de 5 a 1380; padrão 30',
    },
    {
      settingKey: 'recovery_second_hours',
      label: 'Segundo lembrete (horas depois do pedido)',
      type: 'number',
      hint: 'de 1 a 23; padrão 20; só vai se o PIX ainda valer',
    },
  ],
  email: [
    {
      settingKey: 'smtp_url',
      label: 'Servidor SMTP',
      hint: 'smtp://usuario:senha@servidor:587 ou smtps://usuario:senha@servidor:465',
    },
    {
      settingKey: 'mail_from',
      label: 'Remetente',
      hint: 'Loja <loja@exemplo.com.br>; vazio: o nome da loja e o e-mail de contato',
    },
    {
      settingKey: 'admin_email',
      label: 'E-mail do administrador',
      type: 'email',
      hint: 'recebe uma cópia de cada pedido novo e de cada pagamento; vazio: nenhuma cópia',
    },
  ],
  general: [
    { settingKey: 'footer_description', label: 'Texto do rodapé', multiline: true },
    { settingKey: 'footer_email', label: 'E-mail de contato', type: 'email' },
    { settingKey: 'footer_cnpj', label: 'CNPJ' },
    { settingKey: 'footer_address', label: 'Endereço' },
    { settingKey: 'max_downloads', label: 'Downloads por compra', type: 'number' },
    {
      settingKey: 'download_link_expiry',
      label: 'Validade do link de download (minutos)',
      type: 'number',
    },
  ],
}

/** One tab of /admin/config: its settings, each saved on blur through POST /api/admin/settings. */
export function SettingsSection({ section }: { section: keyof typeof CONFIG_SECTIONS }) {
  const { data, error, isPending, refetch } = useQuery(adminSettingsQuery())
  if (isPending) return <Loading />
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-600">Cada campo é salvo quando você sai dele.</p>
      {CONFIG_SECTIONS[section].map((spec) => (
        <SettingField
          key={spec.settingKey}
          {...spec}
          setting={data.find((s) => s.key === spec.settingKey)}
        />
      ))}
    </div>
  )
}
