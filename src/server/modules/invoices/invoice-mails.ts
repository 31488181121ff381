import type { OrderRow } from '../orders/orders.service.js'
import type { InvoicesDeps } from './invoice-parts.js'
import type { NotaAnswer } from './providers/nota-provider.js'

/** The e-mails of a nota's outcome, composed before the transaction that writes them. */
export function invoiceMails({ mail }: Pick<InvoicesDeps, 'mail'>) {
  return {
    /** The buyer's e-mail with the nota's links, written with the row that says it is authorised. */
    authorisedMail(order: OrderRow, answer: NotaAnswer) {
      const links = [
        answer.pdfUrl ? `PDF: ${answer.pdfUrl}` : null,
        answer.xmlUrl ? `XML: ${answer.xmlUrl}` : null,
      ].filter((l): l is string => l !== null)
      return mail.compose({
        subject: `Sua nota fiscal${answer.number ? ` nº ${answer.number}` : ''}`,
        preview: 'A nota fiscal do seu pedido foi emitida',
        greeting: `Olá, ${order.customerName.split(' ')[0]}!`,
        paragraphs: [
          `A nota fiscal do pedido ${order.id} foi emitida. Guarde os arquivos abaixo.`,
          ...links,
        ],
        ...(answer.pdfUrl ? { button: { label: 'Ver a nota (PDF)', path: answer.pdfUrl } } : {}),
        note: 'Os arquivos também ficam em Meus materiais, no seu pedido.',
      })
    },

    /** The owner's e-mail when a refunded order's nota could not be cancelled. */
    cancelDeniedMail(orderId: string, message: string | null) {
      return mail.compose({
        subject: `Nota fiscal do pedido ${orderId} não foi cancelada`,
        paragraphs: [
          `O pedido ${orderId} foi reembolsado, mas o cancelamento da nota fiscal foi recusado.`,
          message ? `Motivo informado: ${message}` : 'O emissor não informou o motivo.',
          'Cancele a nota no portal da prefeitura ou fale com o seu contador.',
        ],
        button: { label: 'Ver notas fiscais', path: '/admin?aba=invoices' },
      })
    },
  }
}
