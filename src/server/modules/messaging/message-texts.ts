import { formatBRL } from '../../../contracts/money.js'
import { singleLine } from '../../../contracts/person-name.js'

/** What the texts need of an order; the orders module hands it over, no table is read here. */
export interface OrderForText {
  id: string
  customerName: string
  customerEmail: string
  customerWhatsapp: string
  totalCents: number
  /** What a coupon took off; 0 without one. */
  discountCents: number
  couponCode: string | null
  paymentMethod: 'pix' | 'card'
}

/** 'Cupom PROMO10: −R$ 5,00', or nothing for an order without a coupon. */
export function couponLine(order: OrderForText): string[] {
  if (!order.couponCode || order.discountCents <= 0) return []
  return [`Cupom ${order.couponCode}: −${formatBRL(order.discountCents)}`]
}

export interface LineForText {
  productId?: number | null
  productName: string
  unitPriceCents: number
  quantity: number
}

/** The short form the admin screens show too (`#` + first 8 characters). */
export const shortOrderId = (id: string) => `#${id.slice(0, 8)}`

function itemList(lines: LineForText[]): string {
  return lines
    .map((l) => {
      const amount = formatBRL(l.unitPriceCents * l.quantity)
      return `• ${l.quantity > 1 ? `${l.quantity}x ` : ''}${l.productName} — ${amount}`
    })
    .join('\n')
}

/** The link that opens the buyer's materials: the guest lookup, prefilled, searches by itself. */
export function materialsLink(baseUrl: string, email: string, whatsapp: string): string {
  const query = new URLSearchParams({ email, whatsapp })
  return `${baseUrl}/meus-materiais?${query}`
}

// singleLine again here: orders stored before names were cleaned on input may still hold breaks.
const customerLine = (o: OrderForText) =>
  `Cliente: ${singleLine(o.customerName)} (${o.customerEmail}${o.customerWhatsapp ? `, ${o.customerWhatsapp}` : ''})`

const method = (o: OrderForText) => (o.paymentMethod === 'card' ? 'cartão' : 'PIX')

export function newOrderText(order: OrderForText, lines: LineForText[]): string {
  return [
    `🛒 *Novo pedido* ${shortOrderId(order.id)}`,
    customerLine(order),
    'Itens:',
    itemList(lines),
    ...couponLine(order),
    `Total: *${formatBRL(order.totalCents)}*`,
    `Pagamento: ${method(order)}, aguardando confirmação.`,
  ].join('\n')
}

/** The buyer tapped 'Já paguei': the owner checks the bank and confirms in the admin. */
export function paidClaimAdminText(order: OrderForText, lines: LineForText[]): string {
  return [
    `💸 *Cliente avisou que pagou* — pedido ${shortOrderId(order.id)}`,
    customerLine(order),
    'Itens:',
    itemList(lines),
    `Total: *${formatBRL(order.totalCents)}* (${method(order)})`,
    "Confira o extrato e toque em 'Confirmar pagamento' no painel (aba Pedidos).",
  ].join('\n')
}

export function paidAdminText(order: OrderForText, lines: LineForText[]): string {
  return [
    `✅ *Pagamento confirmado* — pedido ${shortOrderId(order.id)}`,
    customerLine(order),
    'Itens:',
    itemList(lines),
    ...couponLine(order),
    `Total: *${formatBRL(order.totalCents)}* (${method(order)})`,
  ].join('\n')
}

export function paidBuyerText(order: OrderForText, lines: LineForText[], link: string): string {
  const firstName = order.customerName.split(' ')[0] || 'cliente'
  return [
    `Olá, ${firstName}! ✅ Recebemos o pagamento do seu pedido ${shortOrderId(order.id)}.`,
    '',
    itemList(lines),
    ...couponLine(order),
    `Total: *${formatBRL(order.totalCents)}*`,
    '',
    'Seus materiais já estão liberados. Acesse por aqui:',
    link,
    '',
    'Guarde esta mensagem: o link sempre leva aos seus materiais.',
  ].join('\n')
}

/** The buyer's WhatsApp of a refund: the money goes back, and the access ends. */
export function refundedBuyerText(order: OrderForText, lines: LineForText[]): string {
  const firstName = order.customerName.split(' ')[0] || 'cliente'
  return [
    `Olá, ${firstName}! O pedido ${shortOrderId(order.id)} foi reembolsado.`,
    '',
    itemList(lines),
    `Valor devolvido: *${formatBRL(order.totalCents)}*, para a conta que pagou.`,
    '',
    'O acesso aos materiais deste pedido foi encerrado (downloads, links e modelos do Canva).',
  ].join('\n')
}

/** The buyer's WhatsApp of a declined refund request: the owner's reason, the access stays. */
export function refundDeclinedBuyerText(
  order: OrderForText,
  lines: LineForText[],
  note: string,
): string {
  const firstName = order.customerName.split(' ')[0] || 'cliente'
  return [
    `Olá, ${firstName}! A loja analisou o seu pedido de reembolso do pedido ${shortOrderId(order.id)} e não o aprovou.`,
    '',
    itemList(lines),
    '',
    `Motivo: ${note}`,
    '',
    'O pedido continua pago e os seus materiais continuam liberados. Se quiser conversar, responda esta mensagem.',
  ].join('\n')
}

export function testText(): string {
  const at = new Date().toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })
  return `✅ Mensagem de teste da loja (${at}). A integração com o WhatsApp está funcionando.`
}

/** The buyer's WhatsApp reminder of an unpaid PIX (recovery): the way back to pay, the way out. */
export function reminderText(
  order: OrderForText,
  lines: LineForText[],
  payUrl: string,
  optOutUrl: string,
): string {
  const firstName = order.customerName.split(' ')[0] || 'cliente'
  return [
    `Olá, ${firstName}! Seu pedido ${shortOrderId(order.id)} ainda está esperando o PIX.`,
    '',
    itemList(lines),
    ...couponLine(order),
    `Total: *${formatBRL(order.totalCents)}*`,
    '',
    'Para pagar, abra:',
    payUrl,
    '',
    `Não quer mais lembretes deste pedido? ${optOutUrl}`,
  ].join('\n')
}

/** The clube's renewal PIX by WhatsApp: what it renews, how much, until when. */
export function renewalText(
  order: OrderForText,
  lines: LineForText[],
  payUrl: string,
  payableUntil: string,
): string {
  const firstName = order.customerName.split(' ')[0] || 'cliente'
  return [
    `Olá, ${firstName}! O PIX da renovação do seu clube já está disponível.`,
    '',
    itemList(lines),
    `Total: *${formatBRL(order.totalCents)}*`,
    '',
    `Pague até ${payableUntil} para continuar com os materiais do clube:`,
    payUrl,
  ].join('\n')
}

/** A buyer's WhatsApp ends with the store's name: she knows who writes before she saves the number. */
export function signedBy(text: string, storeName: string): string {
  return `${text}\n\n— ${storeName}`
}
