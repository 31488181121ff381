import type { Product } from '../../../contracts/products'
import { useDeliveryPromise } from '../settings/delivery-promise'
import { usePublicSetting } from '../settings/settings.api'

export function InfoCard({ product }: { product: Product }) {
  const maxDownloads = usePublicSetting('max_downloads', '3')
  const hours = usePublicSetting('support_hours')
  const promise = useDeliveryPromise()
  const canva = product.canvaOnly
  return (
    <section
      aria-labelledby="info-compra"
      className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm"
    >
      <h2 id="info-compra" className="font-bold text-amber-950">
        Como funciona
      </h2>
      <ul className="mt-2 space-y-1.5 text-amber-950">
        {canva ? (
          <li data-testid="canva-delivery">
            <span aria-hidden="true">🎨 </span>
            {product.isFree
              ? 'O modelo editável abre no Canva, direto desta página.'
              : `Modelo editável no Canva: o link chega por e-mail e fica em Meus materiais. ${promise.release}`}
          </li>
        ) : (
          <li>
            <span aria-hidden="true">📥 </span>
            {product.isFree ? 'Disponível para download imediato' : promise.afterPayment}
          </li>
        )}
        {!product.isFree && !canva && (
          <li>
            <span aria-hidden="true">🔁 </span>
            {maxDownloads} downloads por compra
          </li>
        )}
        <li>
          <span aria-hidden="true">💬 </span>
          {hours ? `Suporte pelo WhatsApp: ${hours}` : 'Suporte pelo WhatsApp'}
        </li>
      </ul>
    </section>
  )
}
