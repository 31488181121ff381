import { formatBRL } from '../../../contracts/money.js'
import { clubeTitle } from '../../../contracts/subscriptions.js'
import type { PaidPeriod } from '../orders/orders.service.js'
import type { MailContent } from './mail-layout.js'
import { shortOrderId, type LineForText } from './message-texts.js'
import type { OrderForMail } from './order-mails.js'

/** What the clube's receipt needs beyond the order: its way in, the settings, the terms. */
export interface ClubeMailContext {
  materialsPath: string
  /** Days before a period ends its next PIX is sent (`renewal_days_before`). */
  renewalDaysBefore: number
  /** The terms agreed to when she subscribed, kept with the order. */
  terms: string | null
  support: string
}

const dayBR = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' })
const firstName = (order: OrderForMail) => order.customerName.split(' ')[0] || 'cliente'

/** How the next period is paid, in the words of this subscription and this store's settings. */
function renewalLine(period: PaidPeriod, ctx: ClubeMailContext): string {
  const end = dayBR.format(period.end)
  if (period.cancelled) {
    return `Você já cancelou a assinatura: nada mais será cobrado depois de ${end}.`
  }
  if (period.method === 'pix_automatico') {
    return `Renovação: no dia ${end}, o PIX Automático que você autorizou debita o próximo período, sem você precisar pagar de novo. Avisamos por e-mail antes de cada débito.`
  }
  const days = ctx.renewalDaysBefore
  return `Renovação: ${days} ${days === 1 ? 'dia' : 'dias'} antes de ${end}, enviamos por e-mail o PIX do próximo período. A assinatura só continua se você pagar esse PIX; nada é debitado sozinho.`
}

/** How to cancel, and (on the first payment) to withdraw with a refund. */
function cancelLines(period: PaidPeriod): string[] {
  if (period.cancelled) return []
  const lines = [
    "Para cancelar, abra 'Meus materiais' pelo botão abaixo e toque em 'Cancelar assinatura': nada mais é cobrado e os materiais do clube continuam liberados até o fim do período pago.",
  ]
  if (period.withdrawableUntil) {
    lines.push(
      `Até ${dayBR.format(period.withdrawableUntil)} (7 dias deste primeiro pagamento), você também pode 'Desistir com reembolso': a assinatura termina e o pagamento é devolvido.`,
    )
  }
  return lines
}

/**
 * The receipt of a clube cycle's order: the plan, the period paid and its end, how the next
 * period is paid, how to cancel, and the terms agreed to when she subscribed.
 */
export function clubePaidMail(
  order: OrderForMail,
  lines: LineForText[],
  period: PaidPeriod,
  ctx: ClubeMailContext,
): MailContent {
  const title = clubeTitle(period.planName)
  const kind = period.interval === 'year' ? 'anual' : 'mensal'
  const from = dayBR.format(period.start)
  const to = dayBR.format(period.end)
  const line = lines[0]
  return {
    subject: period.first
      ? `Assinatura ativa: ${title}`
      : `Assinatura renovada: ${title} até ${to}`,
    preview: `Período pago até ${to}`,
    greeting: `Olá, ${firstName(order)}!`,
    paragraphs: [
      order.totalCents === 0
        ? `A loja deu a você um período grátis da sua assinatura ${kind} do ${title} (pedido ${shortOrderId(order.id)}): nada foi cobrado.`
        : `Recebemos o pagamento de ${formatBRL(order.totalCents)} da sua assinatura ${kind} do ${title} (pedido ${shortOrderId(order.id)}).`,
      `Período pago: de ${from} a ${to}. Os materiais do clube já estão em 'Meus materiais', com ${period.downloadsPerMaterial} ${period.downloadsPerMaterial === 1 ? 'download' : 'downloads'} de cada por período.`,
      renewalLine(period, ctx),
      ...cancelLines(period),
    ],
    items: [
      {
        title: line?.productName ?? title,
        lines: [
          `${period.materials} ${period.materials === 1 ? 'material' : 'materiais'} liberados até ${to}`,
        ],
      },
      { title: `Total pago: ${formatBRL(order.totalCents)}` },
    ],
    button: { label: 'Ver meus materiais e a assinatura', path: ctx.materialsPath },
    note: `O botão deste e-mail abre os seus materiais por 30 dias, sem precisar digitar nada. Depois, use "Meus materiais" na loja com este e-mail. ${ctx.support}`,
    ...(ctx.terms
      ? { terms: { title: 'Termos aceitos na assinatura (guarde este e-mail)', text: ctx.terms } }
      : {}),
  }
}
