import type { PixPaymentData } from '../../../contracts/checkout'
import { formatDecimalBRL } from '../../../contracts/money'
import { usePublicSetting } from '../settings/settings.queries'

/** wa.me link to the store's support WhatsApp with the order and amount written in; null without a number. */
export function receiptLink(whatsapp: string, orderId: string, amount: string): string | null {
  const digits = whatsapp.replace(/\D/g, '')
  if (!digits) return null
  const text = `Olá! Já paguei o pedido ${orderId} no valor de ${formatDecimalBRL(amount)} por PIX. Segue o comprovante.`
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`
}

/**
 * A static PIX key: the bank tells nobody, so the store confirms by hand. The buyer is told so,
 * shown who receives the money, and given a way to send the receipt.
 */
export function ManualConfirmation({ orderId, pix }: { orderId: string; pix: PixPaymentData }) {
  const link = receiptLink(usePublicSetting('whatsapp_number'), orderId, pix.amount)
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
          data-testid="pix-receipt-whatsapp"
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
