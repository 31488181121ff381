import { CITY_MAX, NAME_MAX } from '../pix.js'
import { choice, flag, int, text, token, url } from '../setting-types.js'
import { entry } from './entry.js'

/** Payment: demo mode, who charges the PIX, its keys and validity, PIX Automático. */
export const paymentSettings = {
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
}
