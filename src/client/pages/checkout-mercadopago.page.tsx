import { CardCheckout } from '../features/checkout/card-checkout'

export default function CheckoutMercadoPagoPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-extrabold text-purple-900 sm:text-3xl">Pagamento com cartão</h1>
      <p className="mt-1 mb-5 text-gray-600">
        <span aria-hidden="true">🔒</span> Você conclui o pagamento no ambiente seguro do Mercado
        Pago.
      </p>
      <CardCheckout />
    </div>
  )
}
