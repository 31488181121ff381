/** Every setting of the store (SPEC.md section 3) with its default and whether the public may see it. */
import { z } from 'zod'

export const SETTING_CATEGORIES = [
  'whatsapp',
  'footer',
  'delivery',
  'payment',
  'downloads',
  'banner',
  'email',
] as const
export type SettingCategory = (typeof SETTING_CATEGORIES)[number]

interface SettingDefinition {
  key: string
  category: SettingCategory
  description: string
  defaultValue: string
  /** Shown to anyone through GET /api/settings/public. */
  isPublic?: boolean
  /** Never shown in full, not even to the admin (masked when read back). */
  isSecret?: boolean
}

export const SETTINGS = [
  {
    key: 'footer_description',
    category: 'footer',
    isPublic: true,
    description: 'Texto do rodapé',
    defaultValue:
      'Materiais pedagógicos digitais feitos por professoras para professoras. Baixe na hora, pague com PIX.',
  },
  {
    key: 'footer_whatsapp',
    category: 'footer',
    isPublic: true,
    description: 'WhatsApp exibido no rodapé',
    defaultValue: '5511999999999',
  },
  {
    key: 'footer_email',
    category: 'footer',
    isPublic: true,
    description: 'E-mail de contato',
    defaultValue: 'contato@lojademateriais.com.br',
  },
  {
    key: 'footer_instagram',
    category: 'footer',
    isPublic: true,
    description: 'Instagram (usuário ou URL)',
    defaultValue: 'lojademateriais',
  },
  {
    key: 'footer_cnpj',
    category: 'footer',
    isPublic: true,
    description: 'CNPJ exibido no rodapé',
    defaultValue: '',
  },
  {
    key: 'footer_address',
    category: 'footer',
    isPublic: true,
    description: 'Endereço exibido no rodapé',
    defaultValue: '',
  },
  {
    key: 'whatsapp_number',
    category: 'whatsapp',
    isPublic: true,
    description: 'WhatsApp de suporte',
    defaultValue: '5511999999999',
  },
  {
    key: 'mercadopago_store_name',
    category: 'payment',
    isPublic: true,
    description: 'Nome da loja no Mercado Pago',
    defaultValue: 'Loja de Materiais',
  },
  {
    key: 'mercadopago_return_url',
    category: 'payment',
    description: 'URL de retorno após o pagamento com cartão',
    defaultValue: '',
  },
  // 'true' on a new install. Saving a PIX key (or starting with a Mercado Pago token) turns it
  // off for good; only the admin turns it back on (it applies while no payment method exists).
  {
    key: 'payment_demo',
    category: 'payment',
    description:
      'Modo demonstração: pedidos não são cobrados e o comprador confirma o próprio pagamento',
    defaultValue: 'true',
  },
  // Who charges the PIX: 'auto' is Mercado Pago (token in the environment) or else the PIX key.
  {
    key: 'pix_provider',
    category: 'payment',
    description: 'Provedor do PIX: auto (Mercado Pago ou chave PIX), woovi ou asaas',
    defaultValue: 'auto',
  },
  {
    key: 'woovi_app_id',
    category: 'payment',
    isSecret: true,
    description: 'AppID da Woovi (OpenPix): em API/Plugins no painel da Woovi',
    defaultValue: '',
  },
  {
    key: 'asaas_api_key',
    category: 'payment',
    isSecret: true,
    description: 'Chave de API da Asaas: em Integrações no painel da Asaas',
    defaultValue: '',
  },
  // Asaas sends it back in `asaas-access-token` on every webhook: the proof a delivery is real.
  {
    key: 'asaas_webhook_token',
    category: 'payment',
    isSecret: true,
    description: 'Token de autenticação do webhook da Asaas (o mesmo cadastrado no webhook)',
    defaultValue: '',
  },
  {
    key: 'pix_key',
    category: 'payment',
    description: 'Chave PIX que recebe os pagamentos',
    defaultValue: '',
  },
  {
    key: 'pix_recipient_name',
    category: 'payment',
    description: 'Nome do recebedor PIX',
    defaultValue: '',
  },
  {
    key: 'pix_city',
    category: 'payment',
    description: 'Cidade do recebedor PIX',
    defaultValue: '',
  },
  {
    key: 'pix_expiry_minutes',
    category: 'payment',
    description: 'Validade do PIX (minutos): depois disso o pedido não pago é cancelado',
    defaultValue: '60',
  },
  {
    key: 'recovery_enabled',
    category: 'payment',
    description: 'Lembrete de PIX não pago (true ligado, false desligado)',
    defaultValue: 'false',
  },
  {
    key: 'recovery_first_minutes',
    category: 'payment',
    description: 'Primeiro lembrete de PIX não pago: minutos depois do pedido',
    defaultValue: '30',
  },
  {
    key: 'recovery_second_hours',
    category: 'payment',
    description: 'Segundo lembrete de PIX não pago: horas depois do pedido',
    defaultValue: '20',
  },
  {
    key: 'max_downloads',
    category: 'downloads',
    isPublic: true,
    description: 'Downloads permitidos por compra',
    defaultValue: '3',
  },
  {
    key: 'download_link_expiry',
    category: 'downloads',
    isPublic: true,
    description: 'Validade do link de download (minutos)',
    defaultValue: '30',
  },
  {
    key: 'evolution_api_url',
    category: 'whatsapp',
    description: 'URL da Evolution API',
    defaultValue: '',
  },
  {
    key: 'evolution_api_key',
    category: 'whatsapp',
    isSecret: true,
    description: 'Chave da Evolution API',
    defaultValue: '',
  },
  {
    key: 'evolution_instance_name',
    category: 'whatsapp',
    description: 'Instância da Evolution API',
    defaultValue: '',
  },
  {
    key: 'admin_whatsapp',
    category: 'whatsapp',
    description: 'WhatsApp do administrador para avisos',
    defaultValue: '',
  },
  // The home page's hero; empty values keep the store's own text.
  {
    key: 'banner_title',
    category: 'banner',
    isPublic: true,
    description: 'Título do banner da página inicial',
    defaultValue: '',
  },
  {
    key: 'banner_subtitle',
    category: 'banner',
    isPublic: true,
    description: 'Slogan do banner da página inicial',
    defaultValue: '',
  },
  {
    key: 'banner_image_url',
    category: 'banner',
    isPublic: true,
    description: 'Imagem de fundo do banner (endereço https:// ou /...)',
    defaultValue: '',
  },
  // The e-mail transport; SMTP_URL and MAIL_FROM in the environment win over these two.
  {
    key: 'smtp_url',
    category: 'email',
    isSecret: true,
    description: 'Servidor SMTP (smtp://usuario:senha@servidor:587 ou smtps://...)',
    defaultValue: '',
  },
  {
    key: 'mail_from',
    category: 'email',
    description: 'Remetente dos e-mails (Loja <loja@exemplo.com.br>)',
    defaultValue: '',
  },
  {
    key: 'admin_email',
    category: 'email',
    description: 'E-mail do administrador: recebe uma cópia de cada pedido novo e pago',
    defaultValue: '',
  },
] as const satisfies readonly SettingDefinition[]

export type SettingKey = (typeof SETTINGS)[number]['key']

export const PUBLIC_SETTING_KEYS: readonly SettingKey[] = SETTINGS.filter(
  (s: SettingDefinition) => s.isPublic,
).map((s) => s.key)

/**
 * What GET /api/settings/public answers: public keys only, each with a value (default if unset).
 * Any other key fails the answer rather than reach the public.
 */
export const PublicSettings = z.partialRecord(z.enum(PUBLIC_SETTING_KEYS), z.string())
export type PublicSettings = z.infer<typeof PublicSettings>
