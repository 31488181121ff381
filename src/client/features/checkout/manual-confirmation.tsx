import type { PixPaymentData } from '../../../contracts/checkout'
import { formatDecimalBRL } from '../../../contracts/money'
import { isPlaceholderEmail, isPlaceholderWhatsapp } from '../../../contracts/demo-placeholders'
import { usePublicSetting } from '../settings/settings.queries'

/**
 * Where the buyer sends the receipt, with the order and amount written in: the store's support
 * WhatsApp (wa.me), else its e-mail (mailto), else nowhere (null). The demo's placeholder number
 * and address are nobody the owner knows: a proof of payment never goes to them.
 */
export function receiptLink(
  whatsapp: string,
  email: string,
  orderId: string,
  amount: string,
): string | null {
  const text = `Olá! Já paguei o pedido ${orderId} no valor de ${formatDecimalBRL(amount)} por PIX. Segue o comprovante.`
  if (!isPlaceholderWhatsapp(whatsapp)) {
    return `https://wa.me/${whatsapp.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`
  }
  if (!isPlaceholderEmail(email)) {
    const subject = `Comprovante do pedido ${orderId}`
    return `mailto:${email.trim()}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text)}`
  }
  return null
}

/**
 * A static PIX key: the bank tells nobody, so the store confirms by hand. The buyer is told so,
 * shown who receives the money, and given a way to send the receipt.
 */
export function ManualConfirmation({ orderId, pix }: { orderId: string; pix: PixPaymentData }) {
  const link = receiptLink(
    usePublicSetting('whatsapp_number'),
    usePublicSetting('footer_email'),
    orderId,
    pix.amount,
  )
  return (
    <div
      data-testid="manual-confirmation"
      className="mt-5 rounded-2xl border-2 border-emerald-200 bg-emerald-50 p-4"
    >
      <p className="font-bold text-emerald-900">Confirmação manual</p>
      <p className="mt-1 text-sm text-emerald-950">
        Depois de pagar, a loja confirma o pagamento manualmente, normalmente em minutos no horário
        de atendimento. Os materiais são liberados assim que a loja confirmar.
      </p>
      {link ? (
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={link.startsWith('mailto:') ? 'pix-receipt-email' : 'pix-receipt-whatsapp'}
          // A button's look, but its height grows: the label takes two lines on a small phone.
          className="mt-3 flex min-h-11 w-full items-center justify-center rounded-xl bg-emerald-700 px-4 py-2 text-center font-semibold text-white shadow-md hover:bg-emerald-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-purple-500"
        >
          Já paguei: enviar comprovante
        </a>
      ) : (
        <p className="mt-2 text-sm text-emerald-950">
          Guarde o comprovante: a loja pode pedi-lo para confirmar.
        </p>
      )}
    </div>
  )
}
