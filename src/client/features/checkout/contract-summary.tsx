import type { CartItem } from '../../../contracts/cart'
import { formatBRL } from '../../../contracts/money'
import { REFUND_WINDOW_DAYS } from '../../../contracts/refunds'
import { usePublicSetting } from '../settings/settings.api'
import { useDeliveryPromise } from '../settings/delivery-promise'
import { useCheckoutTotal } from './checkout-total'

/**
 * The contract in short, right above 'Li e aceito os termos' (Decreto 7.962/2013, art. 4º, I
 * and II): what is bought, the total, how and when it is delivered, the download quota and the
 * withdrawal rule. The data above stays editable until the buyer pays.
 */
export function ContractSummary({ items }: { items: CartItem[] }) {
  const { totalCents, taken } = useCheckoutTotal(items)
  const maxDownloads = usePublicSetting('max_downloads', '3')
  const linkMinutes = usePublicSetting('download_link_expiry', '30')
  // When the materials arrive is what the payment method does.
  const delivery = useDeliveryPromise().contractDelivery
  const names = [
    ...items.map((i) => `${i.product.name}${i.quantity > 1 ? ` (× ${i.quantity})` : ''}`),
    ...taken.map((b) => b.name),
  ]
  return (
    <section
      aria-labelledby="contrato-titulo"
      data-testid="contract-summary"
      className="rounded-2xl bg-purple-50 p-4 text-sm text-gray-800"
    >
      <h2 id="contrato-titulo" className="font-bold text-purple-900">
        Resumo do contrato
      </h2>
      <dl className="mt-2 space-y-1.5">
        <div>
          <dt className="inline font-semibold">O que você compra: </dt>
          <dd className="inline">{names.join(', ')}.</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Total: </dt>
          <dd className="inline">{formatBRL(totalCents)} por PIX, sem outras taxas.</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Entrega: </dt>
          <dd className="inline">{delivery}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Downloads: </dt>
          <dd className="inline">
            {maxDownloads} por material; cada link vale {linkMinutes} minutos.
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold">Arrependimento: </dt>
          <dd className="inline">
            reembolso integral em até {REFUND_WINDOW_DAYS} dias do pagamento, se o material não foi
            baixado.
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-gray-600">
        Confira os seus dados acima: você pode corrigi-los até finalizar. Os termos aceitos vão
        junto com o recibo no seu e-mail.
      </p>
    </section>
  )
}
