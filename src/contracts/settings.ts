/**
 * Every setting of the store (SPEC.md section 3) in ONE object: its type (zod, with its bounds),
 * default, label and whether the public may see it or nobody may (decision 024). The server
 * reads typed values and validates writes with it; the admin form validates with it too.
 * A new setting is one entry here.
 */
import { z } from 'zod'
import { CITY_MAX, NAME_MAX } from './pix.js'
import {
  choice,
  email,
  flag,
  image,
  int,
  sender,
  smtp,
  text,
  token,
  url,
  whatsapp,
  type SettingType,
} from './setting-types.js'

export const SETTING_CATEGORIES = [
  'whatsapp',
  'footer',
  'delivery',
  'payment',
  'downloads',
  'banner',
  'email',
  'invoices',
] as const
export type SettingCategory = (typeof SETTING_CATEGORIES)[number]

interface SettingEntry<T> {
  category: SettingCategory
  /** The form's label. */
  label: string
  /** The longer explanation stored with the row (the settings table's `description`). */
  description: string
  type: SettingType<T>
  default: NoInfer<T>
  /** What the form says under the field (a range's bounds are added from `type`). */
  hint?: string
  /** Shown to anyone through GET /api/settings/public. */
  public?: true
  /** Never shown in full, not even to the admin (masked when read back). */
  secret?: true
}

const entry = <T>(definition: SettingEntry<T>) => definition

const NUMBER_HINT = 'código do país + DDD + número, só dígitos (5511999999999)'
const positive = () => int({ min: 1 }, () => 'Use um número inteiro maior que zero')

/** An ISS rate in percent, 0 to 5 (the law's bounds), with up to two decimals: '2', '2,5', '3.75'. */
function issRate(): SettingType<number> {
  const error = 'Alíquota inválida: use um percentual de 0 a 5, como 2 ou 2,5'
  return {
    kind: 'text',
    maxLength: 5,
    schema: z
      .string()
      .trim()
      .regex(/^\d{1,2}([.,]\d{1,2})?$/, { error })
      .transform((v) => Number(v.replace(',', '.')))
      .pipe(z.number().min(0, { error }).max(5, { error })),
    read: (t) => {
      const n = Number(t)
      return Number.isFinite(n) && n >= 0 && n <= 5 ? n : undefined
    },
  }
}

export const SETTING_SCHEMA = {
  footer_description: entry({
    category: 'footer',
    public: true,
    label: 'Texto do rodapé',
    description: 'Texto do rodapé',
    type: text(1000),
    default:
      'Materiais pedagógicos digitais feitos por professoras para professoras. Baixe na hora, pague com PIX.',
  }),
  footer_whatsapp: entry({
    category: 'footer',
    public: true,
    label: 'WhatsApp do rodapé',
    description: 'WhatsApp exibido no rodapé',
    hint: NUMBER_HINT,
    type: whatsapp(),
    default: '5511999999999',
  }),
  footer_email: entry({
    category: 'footer',
    public: true,
    label: 'E-mail de contato',
    description: 'E-mail de contato',
    type: email(),
    default: 'contato@lojademateriais.com.br',
  }),
  footer_instagram: entry({
    category: 'footer',
    public: true,
    label: 'Instagram',
    description: 'Instagram (usuário ou URL)',
    hint: '@usuario ou endereço completo',
    type: text(200),
    default: 'lojademateriais',
  }),
  footer_cnpj: entry({
    category: 'footer',
    public: true,
    label: 'CNPJ',
    description: 'CNPJ exibido no rodapé',
    type: text(30),
    default: '',
  }),
  footer_address: entry({
    category: 'footer',
    public: true,
    label: 'Endereço',
    description: 'Endereço exibido no rodapé',
    type: text(300),
    default: '',
  }),
  whatsapp_number: entry({
    category: 'whatsapp',
    public: true,
    label: 'WhatsApp de suporte',
    description: 'WhatsApp de suporte',
    hint: NUMBER_HINT,
    type: whatsapp(),
    default: '5511999999999',
  }),
  mercadopago_store_name: entry({
    category: 'payment',
    public: true,
    label: 'Nome da loja',
    description: 'Nome da loja no Mercado Pago',
    type: text(200),
    default: 'Loja de Materiais',
  }),
  mercadopago_return_url: entry({
    category: 'payment',
    label: 'URL de retorno do cartão',
    description: 'URL de retorno após o pagamento com cartão',
    type: url(),
    default: '',
  }),
  // On for a new install. Saving a PIX key (or starting with a Mercado Pago token) turns it
  // off for good; only the admin turns it back on (it applies while no payment method exists).
  payment_demo: entry({
    category: 'payment',
    label: 'Modo demonstração',
    description:
      'Modo demonstração: pedidos não são cobrados e o comprador confirma o próprio pagamento',
    type: flag(),
    default: true,
  }),
  // Who charges the PIX: 'auto' is Mercado Pago (token in the environment) or else the PIX key.
  pix_provider: entry({
    category: 'payment',
    label: 'Quem cobra o PIX',
    description: 'Provedor do PIX: auto (Mercado Pago ou chave PIX), woovi ou asaas',
    type: choice(
      ['auto', 'woovi', 'asaas'],
      'Provedor inválido: use auto (Mercado Pago ou chave PIX), woovi ou asaas',
    ),
    default: 'auto',
  }),
  woovi_app_id: entry({
    category: 'payment',
    secret: true,
    label: 'AppID da Woovi',
    description: 'AppID da Woovi (OpenPix): em API/Plugins no painel da Woovi',
    hint: 'no painel da Woovi, em API/Plugins; fica guardado só no servidor',
    // An AppID is one long base64 token (Client_Id and secret joined by Woovi).
    type: token(
      /^[A-Za-z0-9+/=_.:-]{20,512}$/,
      'AppID inválido: copie o AppID inteiro em API/Plugins no painel da Woovi',
    ),
    default: '',
  }),
  asaas_api_key: entry({
    category: 'payment',
    secret: true,
    label: 'Chave de API da Asaas',
    description: 'Chave de API da Asaas: em Integrações no painel da Asaas',
    hint: 'no painel da Asaas, em Integrações; começa com $aact_; fica guardada só no servidor',
    // Asaas' keys start with $aact_ ($aact_prod_… or, in the sandbox, $aact_hmlg_…).
    type: token(
      /^\$aact_[\x21-\x7e]{20,1000}$/,
      'Chave inválida: copie a chave de API inteira da Asaas, começando por $aact_',
    ),
    default: '',
  }),
  // Asaas sends it back in `asaas-access-token` on every webhook: the proof a delivery is real.
  asaas_webhook_token: entry({
    category: 'payment',
    secret: true,
    label: 'Token do webhook da Asaas',
    description: 'Token de autenticação do webhook da Asaas (o mesmo cadastrado no webhook)',
    hint: 'invente um e use o mesmo ao criar o webhook na Asaas',
    type: token(
      /^[\x21-\x7e]+$/,
      (l) => `Token inválido: use de ${l.min} a ${l.max} caracteres, sem espaços nem acentos`,
      { min: 16, max: 255 },
    ),
    default: '',
  }),
  pix_key: entry({
    category: 'payment',
    label: 'Chave PIX',
    description: 'Chave PIX que recebe os pagamentos',
    hint: 'CPF, CNPJ, e-mail, telefone ou aleatória',
    type: text(77),
    default: '',
  }),
  pix_recipient_name: entry({
    category: 'payment',
    label: 'Nome do recebedor',
    description: 'Nome do recebedor PIX',
    hint: `até ${NAME_MAX} letras`,
    type: text(200),
    default: '',
  }),
  pix_city: entry({
    category: 'payment',
    label: 'Cidade do recebedor',
    description: 'Cidade do recebedor PIX',
    hint: `até ${CITY_MAX} letras`,
    type: text(200),
    default: '',
  }),
  // Mercado Pago takes 30 minutes at least; past 24 hours a pending order expires anyway.
  pix_expiry_minutes: entry({
    category: 'payment',
    label: 'Validade do PIX (minutos)',
    description: 'Validade do PIX (minutos): depois disso o pedido não pago é cancelado',
    hint: 'depois disso o pedido não pago é cancelado',
    type: int({ min: 30, max: 1440 }, (r) => `Use de ${r.min} a ${r.max} minutos (24 horas)`),
    default: 60,
  }),
  recovery_enabled: entry({
    category: 'payment',
    label: 'Lembrar quem não pagou o PIX',
    description: 'Lembrete de PIX não pago (true ligado, false desligado)',
    type: flag(),
    default: false,
  }),
  recovery_first_minutes: entry({
    category: 'payment',
    label: 'Primeiro lembrete (minutos depois do pedido)',
    description: 'Primeiro lembrete de PIX não pago: minutos depois do pedido',
    type: int(
      { min: 5, max: 1380 },
      (r) => `Use de ${r.min} a ${r.max} minutos (23 horas) para o primeiro lembrete`,
    ),
    default: 30,
  }),
  recovery_second_hours: entry({
    category: 'payment',
    label: 'Segundo lembrete (horas depois do pedido)',
    description: 'Segundo lembrete de PIX não pago: horas depois do pedido',
    hint: 'só vai se o PIX ainda valer',
    type: int(
      { min: 1, max: 23 },
      (r) =>
        `Use de ${r.min} a ${r.max} horas para o segundo lembrete (o pedido não pago vence em 24 horas)`,
    ),
    default: 20,
  }),
  max_downloads: entry({
    category: 'downloads',
    public: true,
    label: 'Downloads por compra',
    description: 'Downloads permitidos por compra',
    type: positive(),
    default: 3,
  }),
  download_link_expiry: entry({
    category: 'downloads',
    public: true,
    label: 'Validade do link de download (minutos)',
    description: 'Validade do link de download (minutos)',
    type: positive(),
    default: 30,
  }),
  evolution_api_url: entry({
    category: 'whatsapp',
    label: 'URL da Evolution API',
    description: 'URL da Evolution API',
    type: url(),
    default: '',
  }),
  evolution_api_key: entry({
    category: 'whatsapp',
    secret: true,
    label: 'Chave da Evolution API',
    description: 'Chave da Evolution API',
    type: text(500),
    default: '',
  }),
  evolution_instance_name: entry({
    category: 'whatsapp',
    label: 'Instância da Evolution API',
    description: 'Instância da Evolution API',
    type: text(200),
    default: '',
  }),
  admin_whatsapp: entry({
    category: 'whatsapp',
    label: 'WhatsApp do administrador',
    description: 'WhatsApp do administrador para avisos',
    hint: NUMBER_HINT,
    type: whatsapp(),
    default: '',
  }),
  // The home page's hero; empty values keep the store's own text.
  banner_title: entry({
    category: 'banner',
    public: true,
    label: 'Título',
    description: 'Título do banner da página inicial',
    hint: 'vazio: o título padrão da loja',
    type: text(200),
    default: '',
  }),
  banner_subtitle: entry({
    category: 'banner',
    public: true,
    label: 'Slogan',
    description: 'Slogan do banner da página inicial',
    type: text(500),
    default: '',
  }),
  banner_image_url: entry({
    category: 'banner',
    public: true,
    label: 'Imagem de fundo',
    description: 'Imagem de fundo do banner (endereço https:// ou /...)',
    hint: 'https://... ou o endereço de uma imagem da loja',
    type: image(),
    default: '',
  }),
  // The e-mail transport; SMTP_URL and MAIL_FROM in the environment win over these two.
  smtp_url: entry({
    category: 'email',
    secret: true,
    label: 'Servidor SMTP',
    description: 'Servidor SMTP (smtp://usuario:senha@servidor:587 ou smtps://...)',
    hint: 'smtp://usuario:senha@servidor:587 ou smtps://usuario:senha@servidor:465',
    type: smtp(),
    default: '',
  }),
  mail_from: entry({
    category: 'email',
    label: 'Remetente',
    description: 'Remetente dos e-mails (Loja <loja@exemplo.com.br>)',
    hint: 'Loja <loja@exemplo.com.br>; vazio: o nome da loja e o e-mail de contato',
    type: sender(),
    default: '',
  }),
  admin_email: entry({
    category: 'email',
    label: 'E-mail do administrador',
    description: 'E-mail do administrador: recebe uma cópia de cada pedido novo e pago',
    hint: 'recebe uma cópia de cada pedido novo e de cada pagamento; vazio: nenhuma cópia',
    type: email(),
    default: '',
  }),
  // The nota fiscal de serviço (NFS-e): who issues it, what it says, and when.
  nfse_provider: entry({
    category: 'invoices',
    label: 'Emissão de nota fiscal',
    description: 'Quem emite a NFS-e de cada pedido pago: off (ninguém), asaas ou focusnfe',
    hint: 'off: nenhuma nota; asaas: pela conta Asaas (a mesma chave do PIX); focusnfe: pela Focus NFe',
    type: choice(
      ['off', 'asaas', 'focusnfe'],
      'Emissor inválido: use off (nenhum), asaas ou focusnfe',
    ),
    default: 'off',
  }),
  focusnfe_token: entry({
    category: 'invoices',
    secret: true,
    label: 'Token da Focus NFe',
    description: 'Token de acesso da Focus NFe (o da empresa emitente, no painel da Focus NFe)',
    hint: 'no painel da Focus NFe, na empresa emitente; fica guardado só no servidor',
    type: token(/^[A-Za-z0-9_-]{16,128}$/, 'Token inválido: copie o token inteiro da Focus NFe'),
    default: '',
  }),
  nfse_service_code: entry({
    category: 'invoices',
    label: 'Código do serviço municipal',
    description:
      'Código do serviço na prefeitura (item da lista da LC 116, ex.: 0802; na Asaas, o id do serviço municipal)',
    hint: 'o seu contador informa; ex.: 0802 (instrução, treinamento e orientação pedagógica)',
    type: text(30),
    default: '',
  }),
  nfse_service_description: entry({
    category: 'invoices',
    label: 'Descrição do serviço',
    description: 'Descrição do serviço na nota (os materiais do pedido vêm em seguida)',
    type: text(500),
    default: 'Materiais pedagógicos digitais',
  }),
  nfse_iss_rate: entry({
    category: 'invoices',
    label: 'Alíquota do ISS (%)',
    description: 'Alíquota do ISS em percentual (de 0 a 5)',
    hint: 'de 0 a 5; ex.: 2 ou 2,5',
    type: issRate(),
    default: 2,
  }),
  nfse_iss_withheld: entry({
    category: 'invoices',
    label: 'ISS retido pelo tomador',
    description: 'ISS retido pelo tomador (true sim, false não)',
    type: flag(),
    default: false,
  }),
  nfse_issue_on: entry({
    category: 'invoices',
    label: 'Quando emitir',
    description:
      'Quando emitir: paid (ao pagar) ou after_withdrawal (passados os 7 dias de arrependimento)',
    hint: 'after_withdrawal evita cancelar notas de quem desiste nos 7 dias',
    type: choice(
      ['after_withdrawal', 'paid'],
      'Use paid (ao pagar) ou after_withdrawal (depois dos 7 dias de arrependimento)',
    ),
    default: 'after_withdrawal',
  }),
  nfse_unidentified_buyer: entry({
    category: 'invoices',
    label: 'Nota sem CPF/CNPJ',
    description:
      'Emitir nota sem tomador identificado para quem não pediu nota (true, se a prefeitura permite; false, nenhuma nota)',
    hint: 'só se a sua prefeitura aceita nota sem CPF/CNPJ do tomador',
    type: flag(),
    default: false,
  }),
}

export type SettingKey = keyof typeof SETTING_SCHEMA
/** The typed value of one setting: a number for pix_expiry_minutes, a boolean for payment_demo. */
export type SettingValue<K extends SettingKey> =
  (typeof SETTING_SCHEMA)[K] extends SettingEntry<infer T> ? T : never
export type SettingValues = { [K in SettingKey]: SettingValue<K> }

export const SETTING_KEYS = Object.keys(SETTING_SCHEMA) as SettingKey[]

export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SETTING_SCHEMA, key)

/** The entry of a key, typed loosely for code that walks every setting. */
export const settingEntry = (key: SettingKey): SettingEntry<unknown> =>
  SETTING_SCHEMA[key] as SettingEntry<unknown>

export const isSecretSetting = (key: string) => isSettingKey(key) && !!settingEntry(key).secret

/** The one text form of a value (the table's column, the admin's answers): '60', 'true'. */
export const settingText = <K extends SettingKey>(_key: K, value: SettingValue<K>): string =>
  String(value)

/** Stored text as the typed value; text that cannot be one reads as the default. */
export function readSetting<K extends SettingKey>(key: K, stored: string): SettingValue<K> {
  const { type, default: fallback } = settingEntry(key)
  return (type.read(stored) ?? fallback) as SettingValue<K>
}

/** The admin's text checked by the key's schema: the value to store, or the Portuguese message. */
export function parseSetting<K extends SettingKey>(
  key: K,
  input: string,
): { ok: true; value: SettingValue<K> } | { ok: false; message: string } {
  const result = settingEntry(key).type.schema.safeParse(input)
  if (result.success) return { ok: true, value: result.data as SettingValue<K> }
  return { ok: false, message: result.error.issues[0]?.message ?? 'Valor inválido' }
}

export const DEFAULT_SETTINGS = Object.fromEntries(
  SETTING_KEYS.map((k) => [k, SETTING_SCHEMA[k].default]),
) as SettingValues

/** Every setting as a row of the settings table: key, category, description, default text. */
export const SETTINGS = SETTING_KEYS.map((key) => {
  const e = settingEntry(key)
  return {
    key,
    category: e.category,
    description: e.description,
    defaultValue: String(e.default),
    isPublic: !!e.public,
    isSecret: !!e.secret,
  }
})

export const PUBLIC_SETTING_KEYS: readonly SettingKey[] = SETTING_KEYS.filter(
  (k) => settingEntry(k).public,
)

/**
 * What GET /api/settings/public answers: public keys only, each in its text form (default if
 * unset). Any other key fails the answer rather than reach the public.
 */
export const PublicSettings = z.partialRecord(z.enum(PUBLIC_SETTING_KEYS), z.string())
export type PublicSettings = z.infer<typeof PublicSettings>
