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
  phone,
  requiredText,
  sender,
  smtp,
  text,
  token,
  url,
  taxId,
  whatsapp,
  type SettingType,
} from './setting-types.js'
import {
  DEFAULT_PAGE_ABOUT,
  DEFAULT_PAGE_PRIVACY,
  DEFAULT_PAGE_TERMS,
  PAGE_PLACEHOLDERS,
  PAGE_TEXT_MAX,
} from './default-pages.js'
import { DEFAULT_STORE_NAME } from './store-name.js'

export const SETTING_CATEGORIES = [
  'identity',
  'pages',
  'whatsapp',
  'footer',
  'delivery',
  'payment',
  'downloads',
  'banner',
  'email',
  'backup',
  'ads',
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
const PAGE_HINT = `um parágrafo por linha em branco; # título; - item de lista; endereços https:// e e-mails viram links. Valores da loja: ${Object.entries(
  PAGE_PLACEHOLDERS,
)
  .map(([k, v]) => `{${k}} ${v}`)
  .join(', ')}`

// Kept in their own module so the client can read the default without this schema (and zod).
export { DEFAULT_STORE_NAME, storeNameOf } from './store-name.js'

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
  // The store's identity: one name used by every page, e-mail and message, and the
  // seller's details the e-commerce decree (Decreto 7.962/2013, art. 2) asks every shop to show.
  store_name: entry({
    category: 'identity',
    public: true,
    label: 'Nome da loja',
    description:
      'Nome da loja: no topo do site, nos títulos das páginas, nos e-mails e no WhatsApp',
    hint: 'aparece no topo do site, nos e-mails e nas mensagens',
    type: requiredText(80, 'Informe o nome da loja'),
    default: DEFAULT_STORE_NAME,
  }),
  // Set by POST /api/admin/store/logo (never typed): the logo's address, with its version.
  store_logo: entry({
    category: 'identity',
    public: true,
    label: 'Logo',
    description: 'Endereço do logo enviado (vazio: a maçã da loja)',
    type: image(),
    default: '',
  }),
  support_hours: entry({
    category: 'identity',
    public: true,
    label: 'Horário de atendimento',
    description: 'Horário de atendimento: no rodapé, na página do produto e nos termos',
    hint: 'como você diria à cliente: segunda a sexta, das 8h às 18h',
    type: text(120),
    default: 'segunda a sexta, das 8h às 18h',
  }),
  seller_name: entry({
    category: 'identity',
    public: true,
    label: 'Nome ou razão social de quem vende',
    description: 'Nome completo ou razão social do vendedor (Decreto 7.962/2013)',
    hint: 'a lei pede no site: seu nome completo ou a razão social da empresa',
    type: text(200),
    default: '',
  }),
  seller_document: entry({
    category: 'identity',
    public: true,
    label: 'CPF ou CNPJ',
    description: 'CPF ou CNPJ do vendedor (Decreto 7.962/2013)',
    hint: 'só os números ou com pontos e traço',
    type: taxId(),
    default: '',
  }),
  seller_address: entry({
    category: 'identity',
    public: true,
    label: 'Endereço',
    description: 'Endereço físico ou eletrônico do vendedor (Decreto 7.962/2013)',
    hint: 'rua, número, cidade e estado',
    type: text(300),
    default: '',
  }),
  seller_email: entry({
    category: 'identity',
    public: true,
    label: 'E-mail do vendedor',
    description: 'E-mail do vendedor (Decreto 7.962/2013)',
    hint: 'vazio: o e-mail de contato da loja',
    type: email(),
    default: '',
  }),
  seller_phone: entry({
    category: 'identity',
    public: true,
    label: 'Telefone do vendedor',
    description: 'Telefone do vendedor (Decreto 7.962/2013)',
    hint: 'vazio: o WhatsApp de suporte',
    type: phone(),
    default: '',
  }),
  page_about: entry({
    category: 'pages',
    public: true,
    label: 'Página Sobre nós',
    description: 'Texto da página Sobre nós',
    hint: PAGE_HINT,
    type: text(PAGE_TEXT_MAX),
    default: DEFAULT_PAGE_ABOUT,
  }),
  page_terms: entry({
    category: 'pages',
    public: true,
    label: 'Termos de uso',
    description: 'Texto da página Termos de uso',
    hint: PAGE_HINT,
    type: text(PAGE_TEXT_MAX),
    default: DEFAULT_PAGE_TERMS,
  }),
  page_privacy: entry({
    category: 'pages',
    public: true,
    label: 'Política de privacidade',
    description: 'Texto da página Política de privacidade',
    hint: PAGE_HINT,
    type: text(PAGE_TEXT_MAX),
    default: DEFAULT_PAGE_PRIVACY,
  }),
  footer_description: entry({
    category: 'footer',
    public: true,
    label: 'Texto do rodapé',
    description: 'Texto do rodapé',
    type: text(1000),
    // When the materials are released is the payment mode's to say: the footer adds it below.
    default: 'Materiais pedagógicos digitais feitos por professoras para professoras.',
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
    label: 'Nome da loja no Mercado Pago',
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
      // The store's own key comes first: most teachers start with it, confirming by hand.
      {
        auto: 'Minha chave PIX',
        woovi: 'Woovi (OpenPix)',
        asaas: 'Asaas',
      },
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
  // The store's own key is confirmed by hand: a day leaves time for the owner to look.
  pix_static_expiry_minutes: entry({
    category: 'payment',
    label: 'Validade do PIX com a sua chave (minutos)',
    description:
      'Validade do PIX pago na chave da própria loja (minutos): depois disso o pedido não pago é cancelado',
    hint: 'quem tocou em "Já paguei" espera a sua confirmação',
    type: int({ min: 30, max: 1440 }, (r) => `Use de ${r.min} a ${r.max} minutos (24 horas)`),
    default: 1440,
  }),
  recovery_enabled: entry({
    category: 'payment',
    label: 'Lembrar quem não pagou o PIX',
    description: 'Lembrete de PIX não pago: ligado ou desligado',
    type: flag(),
    default: false,
  }),
  // PIX Automático: the clube's first QR code also authorises the monthly debits.
  // Only Woovi and Asaas offer it; under any other provider it is off whatever is stored.
  pix_automatico: entry({
    category: 'payment',
    label: 'Clube: PIX Automático',
    description:
      'Clube cobrado pelo PIX Automático (true ou false): o primeiro QR Code autoriza os débitos de cada ciclo; só com a Woovi ou a Asaas',
    hint: 'só com a Woovi ou a Asaas cobrando o PIX; com outro provedor, o clube volta ao PIX de cada mês',
    type: flag(),
    default: false,
  }),
  renewal_days_before: entry({
    category: 'payment',
    label: 'Clube: dias antes do vencimento para enviar o PIX',
    description: 'Quantos dias antes do fim do período o PIX do novo ciclo é criado e enviado',
    type: int({ min: 1, max: 15 }, (r) => `Use de ${r.min} a ${r.max} dias`),
    default: 3,
  }),
  grace_days: entry({
    category: 'payment',
    label: 'Clube: dias de tolerância sem pagamento',
    description: 'Dias depois do fim do período, sem pagamento, até o acesso ao clube ser pausado',
    type: int({ min: 0, max: 15 }, (r) => `Use de ${r.min} a ${r.max} dias`),
    default: 3,
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
  review_request_days: entry({
    category: 'downloads',
    label: 'Pedido de avaliação (dias após o primeiro download)',
    description:
      'Quantos dias depois do primeiro download o comprador recebe, uma única vez, o e-mail pedindo a avaliação do material',
    hint: 'Dê tempo para o material ser usado em aula: 3 a 7 dias costuma funcionar bem',
    type: int({ min: 1, max: 60 }, (r) => `Use de ${r.min} a ${r.max} dias`),
    default: 3,
  }),
  abandoned_minutes: entry({
    category: 'email',
    label: 'Carrinho abandonado: e-mail após (minutos)',
    description:
      'Quanto tempo depois de digitar o e-mail no checkout, sem finalizar o pedido, o comprador que pediu novidades recebe um lembrete com os itens: um por carrinho, no máximo um por semana para cada e-mail',
    hint: 'Só para quem marcou "Quero receber novidades" e confirmou pelo e-mail; nunca se o pedido foi feito',
    type: int({ min: 15, max: 1440 }, (r) => `Use de ${r.min} a ${r.max} minutos`),
    default: 60,
  }),
  newsletter_per_minute: entry({
    category: 'email',
    label: 'Novidades: e-mails por minuto',
    description:
      'Quantos e-mails de novidades saem por minuto: um ritmo calmo evita que o provedor de e-mail trate a loja como spam',
    hint: 'Provedores comuns aceitam algumas centenas por hora; 60 por minuto é um bom começo',
    type: int({ min: 1, max: 1000 }, (r) => `Use de ${r.min} a ${r.max} e-mails por minuto`),
    default: 60,
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
  // 'auto': on once the store charges for real (a PIX key or a provider, not demo mode); a new
  // install's demo data is not worth a nightly copy, a selling store's orders are.
  backup_enabled: entry({
    category: 'backup',
    label: 'Backup automático',
    description: 'Backup automático todas as noites (auto: ligado quando a loja cobra de verdade)',
    hint: 'automático: liga sozinho quando a loja tem uma forma de pagamento real (fora do modo demonstração)',
    type: choice(['auto', 'on', 'off'], 'Use auto, on ou off', {
      auto: 'Automático',
      on: 'Ligado',
      off: 'Desligado',
    }),
    default: 'auto',
  }),
  backup_hour: entry({
    category: 'backup',
    label: 'Hora do backup',
    description: 'Hora do backup automático (horário de Brasília)',
    hint: 'horário de Brasília (America/Sao_Paulo)',
    type: int({ min: 0, max: 23 }, (r) => `Use uma hora de ${r.min} a ${r.max}`),
    default: 3,
  }),
  backup_keep_daily: entry({
    category: 'backup',
    label: 'Cópias diárias guardadas',
    description: 'Quantos backups diários guardar (os mais recentes, um por dia)',
    type: int({ min: 1, max: 90 }, (r) => `Use de ${r.min} a ${r.max} cópias`),
    default: 7,
  }),
  backup_keep_weekly: entry({
    category: 'backup',
    label: 'Cópias semanais guardadas',
    description: 'Quantos backups semanais guardar além dos diários (um por semana)',
    type: int({ min: 0, max: 52 }, (r) => `Use de ${r.min} a ${r.max} cópias`),
    default: 4,
  }),
  admin_email: entry({
    category: 'email',
    label: 'E-mail do administrador',
    description: 'E-mail do administrador: recebe uma cópia de cada pedido novo e pago',
    hint: 'recebe uma cópia de cada pedido novo e de cada pagamento; vazio: nenhuma cópia',
    type: email(),
    default: '',
  }),
  // Ad platforms: each one is off until its id (and, for the server's events, its
  // token) is filled in. The ids are public: the browser's pixel needs them.
  meta_pixel_id: entry({
    category: 'ads',
    public: true,
    label: 'Meta (Facebook/Instagram): ID do Pixel',
    description: 'ID do Pixel da Meta: o navegador carrega o Pixel só depois do "Aceitar"',
    hint: 'só dígitos, no Gerenciador de Eventos da Meta; vazio: desligado',
    type: token(/^\d{5,20}$/, 'ID do Pixel inválido: só os dígitos do Gerenciador de Eventos'),
    default: '',
  }),
  meta_capi_token: entry({
    category: 'ads',
    secret: true,
    label: 'Meta: token da API de Conversões',
    description: 'Token da API de Conversões da Meta: cada venda paga é enviada pelo servidor',
    hint: 'Gerenciador de Eventos › Configurações › API de Conversões › Gerar token',
    type: token(/^[A-Za-z0-9_-]{20,1000}$/, 'Token inválido: copie o token inteiro da Meta'),
    default: '',
  }),
  ga4_measurement_id: entry({
    category: 'ads',
    public: true,
    label: 'Google Analytics 4: ID de métricas',
    description: 'ID de métricas do GA4 (G-XXXXXXX)',
    hint: 'Administrador › Fluxos de dados › ID de métricas (G-…); vazio: desligado',
    type: token(/^G-[A-Z0-9]{4,20}$/, 'ID inválido: use o ID de métricas, como G-ABC123XYZ'),
    default: '',
  }),
  ga4_api_secret: entry({
    category: 'ads',
    secret: true,
    label: 'Google Analytics 4: chave secret do Measurement Protocol',
    description: 'Chave secret do Measurement Protocol do GA4: compras e reembolsos pelo servidor',
    hint: 'Fluxos de dados › seu fluxo › Chaves secret da API Measurement Protocol',
    type: token(/^[A-Za-z0-9_-]{10,200}$/, 'Chave inválida: copie o valor da chave secret'),
    default: '',
  }),
  tiktok_pixel_id: entry({
    category: 'ads',
    public: true,
    label: 'TikTok: ID do Pixel',
    description: 'ID do Pixel do TikTok (código do pixel no Gerenciador de Eventos)',
    hint: 'letras maiúsculas e dígitos; vazio: desligado',
    type: token(/^[A-Z0-9]{10,40}$/, 'ID do Pixel inválido: copie o código do pixel do TikTok'),
    default: '',
  }),
  tiktok_access_token: entry({
    category: 'ads',
    secret: true,
    label: 'TikTok: token da Events API',
    description: 'Token de acesso da Events API do TikTok: cada venda paga é enviada pelo servidor',
    hint: 'Gerenciador de Eventos › seu pixel › Configurações › Gerar token de acesso',
    type: token(/^[A-Za-z0-9_-]{20,500}$/, 'Token inválido: copie o token inteiro do TikTok'),
    default: '',
  }),
  // The nota fiscal de serviço (NFS-e): who issues it, what it says, and when.
  nfse_provider: entry({
    category: 'invoices',
    label: 'Emissão de nota fiscal',
    description: 'Quem emite a NFS-e de cada pedido pago: off (ninguém), asaas ou focusnfe',
    hint: 'pela Asaas, com a mesma conta do PIX; ou pela Focus NFe, com o token abaixo',
    type: choice(
      ['off', 'asaas', 'focusnfe'],
      'Emissor inválido: use off (nenhum), asaas ou focusnfe',
      { off: 'Não emitir', asaas: 'Asaas', focusnfe: 'Focus NFe' },
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
    hint: 'depois dos 7 dias evita cancelar notas de quem desiste da compra',
    type: choice(
      ['after_withdrawal', 'paid'],
      'Use paid (ao pagar) ou after_withdrawal (depois dos 7 dias de arrependimento)',
      {
        after_withdrawal: 'Depois dos 7 dias de arrependimento',
        paid: 'Assim que o pedido é pago',
      },
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
