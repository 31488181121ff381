import { deliveryPromise, pixConfirmationOf } from '../../../contracts/delivery-promise.js'
import { canvaOpenPath } from '../../../contracts/customer.js'
import { formatBRL } from '../../../contracts/money.js'
import type { PaidGrant } from '../orders/orders.service.js'
import type { MailContent, MailItem } from './mail-layout.js'
import { couponLine, shortOrderId, type LineForText, type OrderForText } from './message-texts.js'
import { dateTimeBR } from '../../lib/store-clock.js'

/** What the order e-mails need of an order beyond the texts' (the orders module hands it over). */
export interface OrderForMail extends OrderForText {
  /** A clube cycle's order names its subscription. */
  subscriptionId?: string | null
  paymentProvider: string
  status: 'pending' | 'awaiting_confirmation' | 'paid' | 'cancelled' | 'refunded'
  pixCode: string | null
  /** Until when the PIX code may be paid; the order is cancelled after it. */
  pixExpiresAt: Date | null
  paidAt: Date | null
}

/** Read from the settings once per event, before its transaction. */
export interface OrderMailContext {
  /** The store's support WhatsApp, digits only, or null when not a number. */
  supportWhatsapp: string | null
}

const firstName = (order: OrderForMail) => order.customerName.split(' ')[0] || 'cliente'
const lineTitle = (l: LineForText) => `${l.quantity > 1 ? `${l.quantity}x ` : ''}${l.productName}`
const lineAmount = (l: LineForText) => formatBRL(l.unitPriceCents * l.quantity)
export const materialsPath = (token: string) =>
  `/meus-materiais?acesso=${encodeURIComponent(token)}`

/** The order's lines, its coupon and its total, as every e-mail about an order lists them. */
function itemsWithTotal(order: OrderForMail, lines: LineForText[]) {
  return [
    ...lines.map((l) => ({ title: lineTitle(l), lines: [lineAmount(l)] })),
    ...couponLine(order).map((title) => ({ title })),
    { title: `Total: ${formatBRL(order.totalCents)}` },
  ]
}

/** 'O código PIX vale até 03/12/2026, 15:30 (horário de Brasília).', or nothing without a limit. */
function pixValidity(order: OrderForMail): string[] {
  if (!order.pixCode || !order.pixExpiresAt) return []
  return [
    `O código PIX vale até ${dateTimeBR.format(order.pixExpiresAt)} (horário de Brasília). Depois disso o pedido é cancelado e o código não deve mais ser pago.`,
  ]
}

/** The copy-paste code of an order awaiting its PIX (none for a free order). */
const pixCodeBlock = (order: OrderForMail) =>
  order.pixCode ? { code: { label: 'PIX copia e cola', value: order.pixCode } } : {}

export function support(ctx: OrderMailContext): string {
  return ctx.supportWhatsapp
    ? `Dúvidas? Fale com a loja pelo WhatsApp: https://wa.me/${ctx.supportWhatsapp}`
    : 'Dúvidas? Responda a este e-mail.'
}

/** How this store's provider confirms a PIX: by itself, or by the owner looking at the bank. */
function confirmation(order: OrderForMail, ctx: OrderMailContext): string {
  const promise = deliveryPromise(pixConfirmationOf(order.paymentProvider))
  return promise.mailLine(ctx.supportWhatsapp ? `https://wa.me/${ctx.supportWhatsapp}` : null)
}

/** 1. The PIX order was placed: what to pay, the code to copy, the page to come back to. */
export function orderCreatedMail(
  order: OrderForMail,
  lines: LineForText[],
  accessToken: string,
  ctx: OrderMailContext,
): MailContent {
  const id = shortOrderId(order.id)
  // The access opens the order on any device: the page checks the order against it.
  const paymentPath = `/checkout?order=${order.id}&acesso=${encodeURIComponent(accessToken)}`
  // A clube cycle's PIX names the subscription it pays, not a cart's order.
  const plan = order.subscriptionId ? lines[0]?.productName : undefined
  return {
    subject: plan
      ? `Assinatura ${plan}: pague ${formatBRL(order.totalCents)} com PIX`
      : `Pedido ${id} recebido: pague ${formatBRL(order.totalCents)} com PIX`,
    preview: 'Copie o código PIX e pague no app do seu banco',
    greeting: `Olá, ${firstName(order)}!`,
    paragraphs: [
      plan
        ? `Este é o PIX da sua assinatura ${plan} (pedido ${id}). Para liberar o período, pague ${formatBRL(order.totalCents)} com PIX: copie o código abaixo e cole em "PIX copia e cola" no app do seu banco.`
        : `Recebemos o seu pedido ${id}. Para concluir, pague ${formatBRL(order.totalCents)} com PIX: copie o código abaixo e cole em "PIX copia e cola" no app do seu banco.`,
      ...pixValidity(order),
      confirmation(order, ctx),
    ],
    ...pixCodeBlock(order),
    items: itemsWithTotal(order, lines),
    button: { label: 'Abrir página de pagamento', path: paymentPath },
    note: `Se você não fez este pedido, ignore este e-mail. ${support(ctx)}`,
  }
}

/** 2. Paid: every material with its way in, the downloads it has, the Canva templates. */
export function orderPaidMail(
  order: OrderForMail,
  lines: LineForText[],
  grants: PaidGrant[],
  accessToken: string,
  ctx: OrderMailContext,
  /** The terms agreed to at checkout, kept with the order; printed under the receipt. */
  terms: string | null = null,
): MailContent {
  const id = shortOrderId(order.id)
  const path = materialsPath(accessToken)
  const lineItems = lines.map((line): MailItem => {
    const mine = grants.filter((g) => g.productId === line.productId)
    const canva = mine.find((g) => g.canvaLinkId !== undefined)?.canvaLinkId
    const downloads = mine.reduce((sum, g) => sum + (g.downloads ?? 0), 0)
    if (canva) {
      return {
        title: lineTitle(line),
        lines: ['Modelo editável no Canva: o botão abre a sua cópia.'],
        button: { label: 'Abrir no Canva', path: canvaOpenPath(canva, accessToken) },
      }
    }
    return {
      title: lineTitle(line),
      lines:
        downloads > 0
          ? [`${downloads} ${downloads === 1 ? 'download incluído' : 'downloads incluídos'}`]
          : [],
      button: { label: 'Baixar', path },
    }
  })
  return {
    subject: `Pagamento confirmado: seus materiais do pedido ${id}`,
    preview: 'Seus materiais já estão liberados',
    greeting: `Olá, ${firstName(order)}!`,
    paragraphs: [
      `Recebemos o pagamento de ${formatBRL(order.totalCents)} do pedido ${id}. Seus materiais já estão liberados:`,
    ],
    items: [
      ...lineItems,
      ...couponLine(order).map((title) => ({ title })),
      { title: `Total pago: ${formatBRL(order.totalCents)}` },
    ],
    button: { label: 'Ver todos os meus materiais', path },
    note: `Os botões deste e-mail abrem os seus materiais por 30 dias, sem precisar digitar nada. Depois, use "Meus materiais" na loja com este e-mail. ${support(ctx)}`,
    ...(terms
      ? { terms: { title: 'Termos aceitos nesta compra (guarde este e-mail)', text: terms } }
      : {}),
  }
}

/** 3. Refunded or cancelled: what happened, and what access ends. */
export function orderClosedMail(
  order: OrderForMail,
  lines: LineForText[],
  ctx: OrderMailContext,
  /** The store's own key: the owner sends the money back by hand, later (decision 017). */
  moneyToSend = false,
): MailContent {
  const id = shortOrderId(order.id)
  const wasPaid = order.paidAt !== null
  const amount = formatBRL(order.totalCents)
  const what =
    order.status === 'refunded'
      ? moneyToSend
        ? `O reembolso do pedido ${id} foi aprovado: a loja vai devolver ${amount} por PIX para a conta que pagou. Você recebe outro e-mail quando a devolução for enviada.`
        : `O pedido ${id} foi reembolsado: o valor de ${amount} volta para quem pagou.`
      : wasPaid
        ? `O pedido ${id} foi cancelado pela loja.`
        : `O pedido ${id} foi cancelado: o pagamento não foi confirmado a tempo. O código PIX dele não deve mais ser pago.`
  return {
    subject:
      order.status === 'refunded'
        ? moneyToSend
          ? `Reembolso do pedido ${id} aprovado`
          : `Pedido ${id} reembolsado`
        : `Pedido ${id} cancelado`,
    preview: wasPaid ? 'O acesso aos materiais deste pedido foi encerrado' : 'Não pague este PIX',
    greeting: `Olá, ${firstName(order)}!`,
    paragraphs: [
      what,
      wasPaid
        ? 'O acesso aos materiais abaixo foi encerrado: downloads, links já enviados e modelos do Canva deste pedido deixam de funcionar.'
        : 'Se ainda quiser os materiais, é só fazer um novo pedido na loja.',
    ],
    items: lines.map((l) => ({ title: lineTitle(l), lines: [lineAmount(l)] })),
    note: support(ctx),
  }
}

/** 3b. The owner sent back by hand the money of a refund under the store's own key. */
export function refundSentMail(
  order: OrderForMail,
  lines: LineForText[],
  ctx: OrderMailContext,
): MailContent {
  const id = shortOrderId(order.id)
  return {
    subject: `Reembolso do pedido ${id} enviado`,
    preview: `A loja devolveu ${formatBRL(order.totalCents)} por PIX`,
    greeting: `Olá, ${firstName(order)}!`,
    paragraphs: [
      `A loja enviou a devolução de ${formatBRL(order.totalCents)} do pedido ${id} por PIX para a conta que pagou.`,
      'Confira o extrato do seu banco. Se o valor não aparecer, fale com a loja.',
    ],
    items: lines.map((l) => ({ title: lineTitle(l), lines: [lineAmount(l)] })),
    note: support(ctx),
  }
}

/** 4. The owner declined the buyer's refund request: why, and that the access stays. */
export function refundDeclinedMail(
  order: OrderForMail,
  lines: LineForText[],
  note: string,
  ctx: OrderMailContext,
): MailContent {
  const id = shortOrderId(order.id)
  return {
    subject: `Pedido de reembolso do pedido ${id} não aprovado`,
    preview: 'O pedido continua pago e os materiais continuam liberados',
    greeting: `Olá, ${firstName(order)}!`,
    paragraphs: [
      `A loja analisou o seu pedido de reembolso do pedido ${id} e não o aprovou.`,
      `Motivo: ${note}`,
      'O pedido continua pago e os seus materiais continuam liberados, como antes.',
    ],
    items: lines.map((l) => ({ title: lineTitle(l), lines: [lineAmount(l)] })),
    note: support(ctx),
  }
}

/** 5. The owner's copy of a new or paid order. */
export function ownerCopyMail(
  event: 'created' | 'paid' | 'claimed' | 'reversed',
  order: OrderForMail,
  lines: LineForText[],
): MailContent {
  const id = shortOrderId(order.id)
  const method = order.paymentMethod === 'card' ? 'cartão' : 'PIX'
  const contact = [order.customerEmail, order.customerWhatsapp].filter(Boolean).join(', ')
  return {
    subject: {
      created: `Novo pedido ${id}: ${formatBRL(order.totalCents)}`,
      paid: `Pagamento confirmado ${id}: ${formatBRL(order.totalCents)}`,
      claimed: `Confirme o pagamento ${id}: ${formatBRL(order.totalCents)}`,
      reversed: `Pagamento devolvido pelo provedor ${id}: ${formatBRL(order.totalCents)}`,
    }[event],
    paragraphs: [
      `Cliente: ${order.customerName} (${contact})`,
      {
        created: `Pagamento: ${method}, aguardando confirmação.`,
        paid: `Pago por ${method}. Os materiais já foram liberados ao cliente.`,
        claimed: `O cliente avisou que já pagou o PIX de ${formatBRL(order.totalCents)}. Confira o extrato do banco e, se o valor entrou, toque em 'Confirmar pagamento' no pedido (aba Pedidos): os materiais são liberados na hora.`,
        reversed:
          'O provedor do pagamento informou uma devolução, contestação (chargeback) ou devolução por fraude (MED). O acesso aos materiais foi revogado na hora; confira no painel do provedor.',
      }[event],
    ],
    items: itemsWithTotal(order, lines),
    button: { label: 'Ver pedidos no painel', path: '/admin' },
  }
}

/** The way back to an order's PIX: the page checks the order against the e-mail's access. */
export const paymentPathOf = (orderId: string, accessToken: string) =>
  `/checkout?order=${orderId}&acesso=${encodeURIComponent(accessToken)}`

/** The way back to an order's PIX with a payment token: that order's page, nothing more. */
export const paymentPageOf = (orderId: string, paymentToken: string) =>
  `/checkout?order=${orderId}&pagamento=${encodeURIComponent(paymentToken)}`

/** 5. A reminder of an unpaid PIX (recovery): the code again, the page to pay, the way out. */
export function reminderMail(
  order: OrderForMail,
  lines: LineForText[],
  accessToken: string,
  optOutPath: string,
  ctx: OrderMailContext,
): MailContent {
  const id = shortOrderId(order.id)
  return {
    subject: `Seu pedido ${id} ainda espera o PIX de ${formatBRL(order.totalCents)}`,
    preview: 'O código PIX continua valendo por pouco tempo',
    greeting: `Olá, ${firstName(order)}!`,
    paragraphs: [
      `O seu pedido ${id} ainda não foi pago. Se quiser concluir, pague ${formatBRL(order.totalCents)} com PIX: copie o código abaixo e cole em "PIX copia e cola" no app do seu banco.`,
      ...pixValidity(order),
      confirmation(order, ctx),
    ],
    ...pixCodeBlock(order),
    items: [
      ...itemsWithTotal(order, lines),
      {
        title: 'Não quer mais lembretes deste pedido?',
        button: { label: 'Parar os lembretes', path: optOutPath },
      },
    ],
    button: { label: 'Abrir página de pagamento', path: paymentPathOf(order.id, accessToken) },
    note: `Se você já pagou ou não fez este pedido, ignore este e-mail. ${support(ctx)}`,
  }
}
