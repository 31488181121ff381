/**
 * What the store may promise about when a bought material is released. Under the store's own
 * PIX key the owner confirms each payment by looking at her bank, so nothing may say 'na hora';
 * a provider (and the demo) confirms by itself, and then the materials are released at once.
 * Every text that makes the promise (the page titles and previews, the product page, the
 * footer, the FAQ, the checkout and the e-mails) reads it here.
 */
export type PixConfirmation = 'automatic' | 'manual'

/** How a PIX charged through `provider` (a payment mode or an order's provider) is confirmed. */
export function pixConfirmationOf(provider: string): PixConfirmation {
  return provider === 'static' ? 'manual' : 'automatic'
}

export interface DeliveryPromise {
  /** The product page's first benefit tile. */
  tile: string
  /** One sentence: when the bought material is released. */
  release: string
  /** The product page's 'Como funciona' line for a paid material. */
  afterPayment: string
  /** The end of the store's page title: '{loja} — {headline}'. */
  headline: string
  /** The store's description: page snippets and the share preview. */
  description: string
  /** The home page's benefit tile and its line. */
  benefit: { title: string; text: string }
  /** The home banner's last sentence. */
  heroLine: string
  /** The checkout's payment method line, and its short form. */
  checkoutLine: string
  checkoutShort: string
  /** The contract summary's delivery (Decreto 7.962/2013). */
  contractDelivery: string
  /** The PIX e-mail's paragraph on what comes after paying; `whatsapp` the store's link. */
  mailLine: (whatsapp: string | null) => string
}

const MANUAL: DeliveryPromise = {
  tile: 'Liberado após a confirmação',
  release: 'Os materiais são liberados assim que a loja confirma o pagamento do PIX.',
  afterPayment: 'Disponível assim que a loja confirma o pagamento',
  headline: 'materiais pedagógicos pagos com PIX',
  description:
    'Materiais pedagógicos digitais para professoras e famílias: PDFs e modelos Canva. Pague com PIX; os materiais são liberados assim que a loja confirma o pagamento.',
  benefit: { title: 'Liberação após a confirmação', text: 'assim que a loja confirma o PIX' },
  heroLine: 'Pague com PIX: a loja confirma o pagamento e libera os materiais.',
  checkoutLine: 'Pague pelo app do banco: os materiais são liberados após a confirmação da loja.',
  checkoutShort: 'materiais liberados após a confirmação da loja',
  contractDelivery: 'digital, assim que a loja confirmar o PIX: em Meus materiais e por e-mail.',
  mailLine: (whatsapp) =>
    `A loja confere os pagamentos PIX no extrato do banco: depois de pagar, aguarde a confirmação${whatsapp ? ` e, se quiser agilizar, envie o comprovante pelo WhatsApp ${whatsapp}` : ''}. Você recebe outro e-mail com o acesso assim que o pagamento for confirmado.`,
}

const AUTOMATIC: DeliveryPromise = {
  tile: 'Download Imediato',
  release: 'O PIX é confirmado na hora e os materiais são liberados logo em seguida.',
  afterPayment: 'Disponível imediatamente após o pagamento',
  headline: 'pague com PIX e baixe na hora',
  description:
    'Materiais pedagógicos digitais para professoras e famílias: PDFs e modelos Canva. Pague com PIX e baixe na hora.',
  benefit: { title: 'Download imediato', text: 'logo após o pagamento' },
  heroLine: 'Pague com PIX e baixe na hora.',
  checkoutLine: 'Aprovação na hora e materiais liberados logo após o pagamento.',
  checkoutShort: 'materiais liberados na hora',
  contractDelivery: 'digital, na hora em que o PIX é confirmado: em Meus materiais e por e-mail.',
  mailLine: () =>
    'A confirmação é automática: poucos segundos depois do pagamento você recebe outro e-mail com o acesso aos materiais.',
}

/** Before the store's payment mode is known (a page still loading): no promise either way. */
const UNKNOWN: DeliveryPromise = {
  tile: 'Entrega digital',
  release: 'Os materiais são liberados depois do pagamento.',
  afterPayment: 'Disponível após o pagamento',
  headline: 'materiais pedagógicos pagos com PIX',
  description: MANUAL.description,
  benefit: { title: 'Entrega digital', text: 'em Meus materiais e por e-mail' },
  heroLine: 'Pague com PIX e receba os materiais em Meus materiais.',
  checkoutLine: 'Materiais liberados depois do pagamento.',
  checkoutShort: 'materiais liberados após o pagamento',
  contractDelivery: 'digital, depois do pagamento: em Meus materiais e por e-mail.',
  mailLine: MANUAL.mailLine,
}

export function deliveryPromise(confirmation: PixConfirmation | undefined): DeliveryPromise {
  if (confirmation === 'manual') return MANUAL
  if (confirmation === 'automatic') return AUTOMATIC
  return UNKNOWN
}
